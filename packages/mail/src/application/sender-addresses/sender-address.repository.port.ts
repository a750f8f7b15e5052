import type { SenderAddressSnapshot } from '../../domain/sender-addresses/sender-address.aggregate.ts';

/** Each account's sender addresses, an address once per account. */
export interface SenderAddressRepository {
  /** Adds the address unless the account has it (false then). */
  add(address: SenderAddressSnapshot): Promise<boolean>;
  /** Its status and confirmation. */
  save(address: SenderAddressSnapshot): Promise<void>;
  find(accountId: string, id: string): Promise<SenderAddressSnapshot | undefined>;
  /** By address (lower-case) within the account. */
  findByEmail(accountId: string, email: string): Promise<SenderAddressSnapshot | undefined>;
  /** Newest first. */
  list(accountId: string): Promise<readonly SenderAddressSnapshot[]>;
  remove(accountId: string, id: string): Promise<boolean>;
}
