import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { SenderAddressRepository } from './sender-address.repository.port.ts';

/** `DELETE /sender-addresses/{id}`: the address may no longer be a `from` (emails queued from it fail), and its link no longer confirms. */
export class DeleteSenderAddress {
  constructor(private readonly addresses: SenderAddressRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.addresses.remove(input.accountId, input.id)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(notFound('sender_address', input.id))));
  }
}
