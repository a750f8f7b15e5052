import type { InviteSnapshot } from '../../domain/team/invite.ts';
import type { MembershipSnapshot } from '../../domain/team/membership.ts';

/** Teams: who belongs to which account with which role, and the invites pending. */
export interface MembershipRepository {
  /** Inserts or updates the membership of (accountId, userId). */
  save(membership: MembershipSnapshot): Promise<void>;
  remove(accountId: string, userId: string): Promise<void>;
  find(accountId: string, userId: string): Promise<MembershipSnapshot | undefined>;
  /** The account's members, oldest first. */
  listTeam(accountId: string): Promise<MembershipSnapshot[]>;
  /**
   * The account's members, oldest first, locked until the unit of work ends: changes of one team
   * take turns, so two owners demoting each other at once cannot leave it without one.
   */
  lockTeam(accountId: string): Promise<MembershipSnapshot[]>;
  /** The user's memberships, oldest first: the first is the account a login opens. */
  listOfUser(userId: string): Promise<MembershipSnapshot[]>;

  addInvite(invite: InviteSnapshot): Promise<void>;
  removeInvite(id: string): Promise<void>;
  findInvite(id: string): Promise<InviteSnapshot | undefined>;
  /** The account's invites not expired at `now`, oldest first. */
  listPendingInvites(accountId: string, now: Date): Promise<InviteSnapshot[]>;
}
