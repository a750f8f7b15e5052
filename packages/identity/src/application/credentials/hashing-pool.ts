import { SharedPool } from '@tuma/kernel';

/**
 * The process's share-out of password hashes (docs/accounts.md, "Hashing"): `slots` at once, half
 * of them (at least one, when there are two) kept for sign-ins; per client address two sign-ins and
 * one other hash (a registration, a link's password) at once, eight more of each waiting at most
 * 10 s, then 429.
 */
export function hashingPool(slots: number): SharedPool {
  const reserved = slots >= 2 ? Math.floor(slots / 2) : 0;
  return new SharedPool({ slots, reserved, perClient: { priority: 2, other: 1 }, waitingPerClient: 8, maxWaitMs: 10_000 });
}
