import type { InvitableRole, InviteSnapshot, MembershipRepository, MembershipSnapshot, Role } from '@tuma/identity';
import type { Database } from '../database/database.ts';

interface MemberRow {
  readonly account_id: string;
  readonly user_id: string;
  readonly role: Role;
  readonly created_at: string;
  readonly updated_at: string;
}

interface InviteRow {
  readonly id: string;
  readonly account_id: string;
  readonly email: string;
  readonly role: InvitableRole;
  readonly invited_by: string;
  readonly created_at: string;
  readonly expires_at: string;
}

const MEMBERS = 'select account_id, user_id, role, created_at::text as created_at, updated_at::text as updated_at from membership';
const INVITES = 'select id, account_id, email, role, invited_by, created_at::text as created_at, expires_at::text as expires_at from team_invite';
const OLDEST_FIRST = 'order by created_at, user_id';

const memberFromRow = (row: MemberRow): MembershipSnapshot => ({
  accountId: row.account_id,
  userId: row.user_id,
  role: row.role,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const inviteFromRow = (row: InviteRow): InviteSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  role: row.role,
  invitedBy: row.invited_by,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
});

/** Teams in `membership` (one row per account and user) and pending invites in `team_invite`. */
export class MikroOrmMembershipRepository implements MembershipRepository {
  constructor(private readonly database: Database) {}

  async save(m: MembershipSnapshot): Promise<void> {
    await this.database.em.execute(
      `insert into membership (account_id, user_id, role, created_at, updated_at) values (?, ?, ?, ?, ?)
       on conflict (account_id, user_id) do update set role = excluded.role, updated_at = excluded.updated_at`,
      [m.accountId, m.userId, m.role, m.createdAt.toISOString(), m.updatedAt.toISOString()],
      'run',
    );
  }

  async remove(accountId: string, userId: string): Promise<void> {
    await this.database.em.execute('delete from membership where account_id = ? and user_id = ?', [accountId, userId], 'run');
  }

  async find(accountId: string, userId: string): Promise<MembershipSnapshot | undefined> {
    return (await this.members(`${MEMBERS} where account_id = ? and user_id = ?`, [accountId, userId]))[0];
  }

  listTeam(accountId: string): Promise<MembershipSnapshot[]> {
    return this.members(`${MEMBERS} where account_id = ? ${OLDEST_FIRST}`, [accountId]);
  }

  lockTeam(accountId: string): Promise<MembershipSnapshot[]> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a team needs a unit of work');
    return this.members(`${MEMBERS} where account_id = ? ${OLDEST_FIRST} for update`, [accountId]);
  }

  listOfUser(userId: string): Promise<MembershipSnapshot[]> {
    return this.members(`${MEMBERS} where user_id = ? order by created_at, account_id`, [userId]);
  }

  async addInvite(i: InviteSnapshot): Promise<void> {
    await this.database.em.execute(
      'insert into team_invite (id, account_id, email, role, invited_by, created_at, expires_at) values (?, ?, ?, ?, ?, ?, ?)',
      [i.id, i.accountId, i.email, i.role, i.invitedBy, i.createdAt.toISOString(), i.expiresAt.toISOString()],
      'run',
    );
  }

  async removeInvite(id: string): Promise<void> {
    await this.database.em.execute('delete from team_invite where id = ?', [id], 'run');
  }

  async findInvite(id: string): Promise<InviteSnapshot | undefined> {
    return (await this.invites(`${INVITES} where id = ?`, [id]))[0];
  }

  listPendingInvites(accountId: string, now: Date): Promise<InviteSnapshot[]> {
    return this.invites(`${INVITES} where account_id = ? and expires_at > ?::timestamptz order by created_at, id`, [accountId, now.toISOString()]);
  }

  private async members(sql: string, values: unknown[]): Promise<MembershipSnapshot[]> {
    return (await this.database.em.execute<MemberRow[]>(sql, values)).map(memberFromRow);
  }

  private async invites(sql: string, values: unknown[]): Promise<InviteSnapshot[]> {
    return (await this.database.em.execute<InviteRow[]>(sql, values)).map(inviteFromRow);
  }
}
