import type { PoolTicket } from '@tuma/kernel';

/**
 * Hashes link passwords (scrypt, as the account service's: identity's `ScryptPasswordHasher` fits,
 * in the same pool) and checks one in constant time. A check names the visitor's address (`ticket`):
 * it may then reject with the kernel's `PoolBusyError`.
 */
export interface LinkPasswords {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string, ticket?: PoolTicket): Promise<boolean>;
}
