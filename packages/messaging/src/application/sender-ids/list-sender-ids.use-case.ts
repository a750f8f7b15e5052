import { ResultAsync } from '@tuma/kernel';
import type { SenderIdRequest } from '../../domain/sender-ids/sender-id-request.aggregate.ts';
import type { SenderIdRepository } from './sender-id.repository.port.ts';

/** The caller's sender IDs, newest first. */
export class ListSenderIds {
  constructor(private readonly senderIds: SenderIdRepository) {}

  execute(input: { readonly accountId: string }): ResultAsync<readonly SenderIdRequest[], never> {
    return ResultAsync.fromSafePromise(this.senderIds.listByAccount(input.accountId));
  }
}
