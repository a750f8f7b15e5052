import type { Selectable } from 'kysely';
import type { InvitableRole, InviteSnapshot, MembershipRepository, MembershipSnapshot, Role } from '@tuma/identity';
import type { Database } from '../database/database.ts';
import type { MembershipTable, TeamInviteTable } from '../database/tables.ts';

const memberOf = (row: Selectable<MembershipTable>): MembershipSnapshot => ({
  accountId: row.account_id,
  userId: row.user_id,
  role: row.role as Role,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const inviteOf = (row: Selectable<TeamInviteTable>): InviteSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  role: row.role as InvitableRole,
  invitedBy: row.invited_by,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
});

/** Teams in `membership` (one row per account and user) and pending invites in `team_invite`. */
export class MikroOrmMembershipRepository implements MembershipRepository {
  constructor(private readonly database: Database) {}

  async save(m: MembershipSnapshot): Promise<void> {
    await this.database.query
      .insertInto('membership')
      .values({ account_id: m.accountId, user_id: m.userId, role: m.role, created_at: m.createdAt, updated_at: m.updatedAt })
      .onConflict((conflict) => conflict.columns(['account_id', 'user_id']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role'), updated_at: eb.ref('excluded.updated_at') })))
      .execute();
  }

  async remove(accountId: string, userId: string): Promise<void> {
    await this.database.query.deleteFrom('membership').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
  }

  async find(accountId: string, userId: string): Promise<MembershipSnapshot | undefined> {
    const row = await this.members().where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
    return row && memberOf(row);
  }

  async listTeam(accountId: string): Promise<MembershipSnapshot[]> {
    return (await this.team(accountId).execute()).map(memberOf);
  }

  async lockTeam(accountId: string): Promise<MembershipSnapshot[]> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a team needs a unit of work');
    return (await this.team(accountId).forUpdate().execute()).map(memberOf);
  }

  async listOfUser(userId: string): Promise<MembershipSnapshot[]> {
    return (await this.members().where('user_id', '=', userId).orderBy('created_at').orderBy('account_id').execute()).map(memberOf);
  }

  async addInvite(i: InviteSnapshot): Promise<void> {
    await this.database.query
      .insertInto('team_invite')
      .values({ id: i.id, account_id: i.accountId, email: i.email, role: i.role, invited_by: i.invitedBy, created_at: i.createdAt, expires_at: i.expiresAt })
      .execute();
  }

  async removeInvite(id: string): Promise<void> {
    await this.database.query.deleteFrom('team_invite').where('id', '=', id).execute();
  }

  async findInvite(id: string): Promise<InviteSnapshot | undefined> {
    const row = await this.database.query.selectFrom('team_invite').selectAll().where('id', '=', id).executeTakeFirst();
    return row && inviteOf(row);
  }

  async listPendingInvites(accountId: string, now: Date): Promise<InviteSnapshot[]> {
    const rows = await this.database.query.selectFrom('team_invite').selectAll().where('account_id', '=', accountId).where('expires_at', '>', now.toISOString()).orderBy('created_at').orderBy('id').execute();
    return rows.map(inviteOf);
  }

  private members() {
    return this.database.query.selectFrom('membership').selectAll();
  }

  /** Oldest member first. */
  private team(accountId: string) {
    return this.members().where('account_id', '=', accountId).orderBy('created_at').orderBy('user_id');
  }
}
