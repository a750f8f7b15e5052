import { UndoableMap } from '@tuma/kernel/testing';
import type { InviteSnapshot } from '../domain/team/invite.ts';
import type { MembershipSnapshot } from '../domain/team/membership.ts';
import type { MembershipRepository } from '../application/team/membership.repository.port.ts';

const byAge = <T extends { createdAt: Date }>(rows: Iterable<T>): T[] => [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

export class InMemoryMembershipRepository implements MembershipRepository {
  private readonly members = new UndoableMap<string, MembershipSnapshot>();
  private readonly invites = new UndoableMap<string, InviteSnapshot>();

  async save(membership: MembershipSnapshot): Promise<void> {
    this.members.set(`${membership.accountId}/${membership.userId}`, membership);
  }

  async remove(accountId: string, userId: string): Promise<void> {
    this.members.delete(`${accountId}/${userId}`);
  }

  async find(accountId: string, userId: string): Promise<MembershipSnapshot | undefined> {
    return this.members.get(`${accountId}/${userId}`);
  }

  async listTeam(accountId: string): Promise<MembershipSnapshot[]> {
    return byAge([...this.members.values()].filter((member) => member.accountId === accountId));
  }

  /** One process, no concurrent transactions: nothing to lock. */
  lockTeam(accountId: string): Promise<MembershipSnapshot[]> {
    return this.listTeam(accountId);
  }

  async listOfUser(userId: string): Promise<MembershipSnapshot[]> {
    return byAge([...this.members.values()].filter((member) => member.userId === userId));
  }

  async addInvite(invite: InviteSnapshot): Promise<void> {
    this.invites.set(invite.id, invite);
  }

  async removeInvite(id: string): Promise<void> {
    this.invites.delete(id);
  }

  async findInvite(id: string): Promise<InviteSnapshot | undefined> {
    return this.invites.get(id);
  }

  async listPendingInvites(accountId: string, now: Date): Promise<InviteSnapshot[]> {
    return byAge([...this.invites.values()].filter((invite) => invite.accountId === accountId && invite.expiresAt.getTime() > now.getTime()));
  }
}
