import { ResultAsync } from '@tuma/kernel';
import type { Forward } from '../../domain/forwards/forward.ts';
import type { ForwardRepository } from './forward.repository.port.ts';

/** `GET /v1/forwards`: the account's forwards. */
export class ListForwards {
  constructor(private readonly forwards: ForwardRepository) {}

  execute(accountId: string): ResultAsync<readonly Forward[], never> {
    return ResultAsync.fromSafePromise(this.forwards.list(accountId));
  }
}
