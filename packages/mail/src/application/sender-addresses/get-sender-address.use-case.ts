import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { SenderAddressSnapshot } from '../../domain/sender-addresses/sender-address.aggregate.ts';
import type { SenderAddressRepository } from './sender-address.repository.port.ts';

/** `GET /sender-addresses/{id}`: another account's id is not found. */
export class GetSenderAddress {
  constructor(private readonly addresses: SenderAddressRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<SenderAddressSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.addresses.find(input.accountId, input.id)).andThen((address) => (address ? okAsync(address) : errAsync(notFound('sender_address', input.id))));
  }
}
