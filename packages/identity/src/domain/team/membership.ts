import type { Role } from './roles.ts';

/** A user's place in one account's team. */
export interface MembershipSnapshot {
  readonly accountId: string;
  readonly userId: string;
  readonly role: Role;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const membership = (accountId: string, userId: string, role: Role, now: Date): MembershipSnapshot => ({
  accountId,
  userId,
  role,
  createdAt: now,
  updatedAt: now,
});
