import type { SessionByToken, SessionEndReason, SessionOwner, SessionRepository, SessionSnapshot } from '@tuma/identity';
import type { Database } from '../database/database.ts';

interface SessionRow {
  readonly id: string;
  readonly user_id: string;
  readonly account_id: string;
  readonly token_hash: string;
  readonly created_at: string;
  readonly rotated_at: string;
  readonly refresh_expires_at: string;
  readonly expires_at: string;
  readonly ended_at: string | null;
  readonly end_reason: SessionEndReason | null;
}

const COLUMNS = `s.id, s.user_id, s.account_id, s.token_hash, s.created_at::text as created_at, s.rotated_at::text as rotated_at,
  s.refresh_expires_at::text as refresh_expires_at, s.expires_at::text as expires_at, s.ended_at::text as ended_at, s.end_reason`;

/** The session whose current token this is, else the one that replaced it. */
const BY_TOKEN = `
  select ${COLUMNS}, true as current from user_session s where s.token_hash = ?
  union all
  select ${COLUMNS}, false as current from replaced_refresh_token r join user_session s on s.id = r.session_id where r.token_hash = ?`;

/** One statement: the new hash replaces the presented one only while that is current and the session live; the old hash is kept. */
const ROTATE = `
  with rotated as (
    update user_session set token_hash = ?, rotated_at = ?::timestamptz, refresh_expires_at = ?::timestamptz
    where id = ? and token_hash = ? and ended_at is null returning id
  )
  insert into replaced_refresh_token (token_hash, session_id) select ?, id from rotated returning session_id`;

const LIVE = 's.ended_at is null and s.refresh_expires_at > ?::timestamptz';

const fromRow = (row: SessionRow): SessionSnapshot => ({
  id: row.id,
  userId: row.user_id,
  accountId: row.account_id,
  tokenHash: row.token_hash,
  createdAt: new Date(row.created_at),
  rotatedAt: new Date(row.rotated_at),
  refreshExpiresAt: new Date(row.refresh_expires_at),
  expiresAt: new Date(row.expires_at),
  endedAt: row.ended_at === null ? null : new Date(row.ended_at),
  endReason: row.end_reason,
});

/** Refresh-token families in `user_session`, the replaced hashes in `replaced_refresh_token` (to spot their reuse). */
export class MikroOrmSessionRepository implements SessionRepository {
  constructor(private readonly database: Database) {}

  async add(s: SessionSnapshot): Promise<void> {
    await this.database.em.execute(
      `insert into user_session (id, user_id, account_id, token_hash, created_at, rotated_at, refresh_expires_at, expires_at, ended_at, end_reason)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [s.id, s.userId, s.accountId, s.tokenHash, s.createdAt.toISOString(), s.rotatedAt.toISOString(), s.refreshExpiresAt.toISOString(), s.expiresAt.toISOString(), s.endedAt?.toISOString() ?? null, s.endReason],
      'run',
    );
  }

  async findById(id: string): Promise<SessionSnapshot | undefined> {
    const rows = await this.database.em.execute<SessionRow[]>(`select ${COLUMNS} from user_session s where s.id = ?`, [id]);
    return rows[0] && fromRow(rows[0]);
  }

  async findByTokenHash(tokenHash: string): Promise<SessionByToken | undefined> {
    const rows = await this.database.em.execute<(SessionRow & { current: boolean })[]>(BY_TOKEN, [tokenHash, tokenHash]);
    return rows[0] && { session: fromRow(rows[0]), current: rows[0].current };
  }

  async rotate(id: string, presentedHash: string, next: { tokenHash: string; rotatedAt: Date; refreshExpiresAt: Date }): Promise<boolean> {
    const rows = await this.database.em.execute<{ session_id: string }[]>(ROTATE, [
      next.tokenHash,
      next.rotatedAt.toISOString(),
      next.refreshExpiresAt.toISOString(),
      id,
      presentedHash,
      presentedHash,
    ]);
    return rows.length > 0;
  }

  async end(id: string, reason: SessionEndReason, now: Date): Promise<void> {
    await this.database.em.execute('update user_session set ended_at = ?::timestamptz, end_reason = ? where id = ? and ended_at is null', [now.toISOString(), reason, id], 'run');
  }

  async endAll(owner: SessionOwner, reason: SessionEndReason, now: Date): Promise<number> {
    const at = now.toISOString();
    const onAccount = owner.accountId === undefined ? '' : ' and s.account_id = ?';
    const rows = await this.database.em.execute<{ id: string }[]>(
      `update user_session s set ended_at = ?::timestamptz, end_reason = ? where s.user_id = ?${onAccount} and ${LIVE} returning s.id`,
      [at, reason, owner.userId, ...(owner.accountId === undefined ? [] : [owner.accountId]), at],
    );
    return rows.length;
  }

  async listLive(userId: string, now: Date): Promise<SessionSnapshot[]> {
    const rows = await this.database.em.execute<SessionRow[]>(`select ${COLUMNS} from user_session s where s.user_id = ? and ${LIVE} order by s.created_at, s.id`, [userId, now.toISOString()]);
    return rows.map(fromRow);
  }
}
