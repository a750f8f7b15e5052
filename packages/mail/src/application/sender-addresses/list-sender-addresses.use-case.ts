import { ResultAsync } from '@tuma/kernel';
import type { SenderAddressSnapshot } from '../../domain/sender-addresses/sender-address.aggregate.ts';
import type { SenderAddressRepository } from './sender-address.repository.port.ts';

/** `GET /sender-addresses`: the account's, newest first. */
export class ListSenderAddresses {
  constructor(private readonly addresses: SenderAddressRepository) {}

  execute(accountId: string): ResultAsync<readonly SenderAddressSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.addresses.list(accountId));
  }
}
