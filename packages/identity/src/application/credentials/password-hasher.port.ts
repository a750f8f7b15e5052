import type { PoolTicket } from '@tuma/kernel';

/**
 * Slow, salted password hashes in a self-describing encoding, so parameters can change later. A
 * `ticket` names who asks, so that the process's hashing is shared out (docs/accounts.md,
 * "Hashing"): with one, the promise may reject with the kernel's `PoolBusyError` (`whenNotBusy`
 * turns it into a 429); without one, the hash waits its turn.
 */
export interface PasswordHasher {
  hash(password: string, ticket?: PoolTicket): Promise<string>;
  /** Whether `password` is the one hashed, in time that does not depend on where they differ. */
  verify(password: string, encoded: string, ticket?: PoolTicket): Promise<boolean>;
  /** Whether `encoded` was made with other parameters than today's: the login that proved the password rehashes it. */
  needsRehash(encoded: string): boolean;
}
