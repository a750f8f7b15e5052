import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { SessionByToken, SessionEndReason, SessionOwner, SessionRepository, SessionSnapshot } from '@tuma/identity';
import type { Database } from '../database/database.ts';
import type { ReplacedRefreshTokenTable, Tables, UserSessionTable } from '../database/tables.ts';

const sessionOf = (row: Selectable<UserSessionTable>): SessionSnapshot => ({
  id: row.id,
  userId: row.user_id,
  accountId: row.account_id,
  tokenHash: row.token_hash,
  createdAt: new Date(row.created_at),
  rotatedAt: new Date(row.rotated_at),
  refreshExpiresAt: new Date(row.refresh_expires_at),
  expiresAt: new Date(row.expires_at),
  endedAt: row.ended_at === null ? null : new Date(row.ended_at),
  endReason: row.end_reason as SessionEndReason | null,
});

const live = (now: Date) => (eb: ExpressionBuilder<Tables, 'user_session'>) => eb.and([eb('ended_at', 'is', null), eb('refresh_expires_at', '>', now.toISOString())]);

/** Refresh-token families in `user_session`, the replaced hashes in `replaced_refresh_token` (to spot their reuse). */
export class MikroOrmSessionRepository implements SessionRepository {
  constructor(private readonly database: Database) {}

  async add(s: SessionSnapshot): Promise<void> {
    await this.database.query
      .insertInto('user_session')
      .values({
        id: s.id,
        user_id: s.userId,
        account_id: s.accountId,
        token_hash: s.tokenHash,
        created_at: s.createdAt,
        rotated_at: s.rotatedAt,
        refresh_expires_at: s.refreshExpiresAt,
        expires_at: s.expiresAt,
        ended_at: s.endedAt,
        end_reason: s.endReason,
      })
      .execute();
  }

  async findById(id: string): Promise<SessionSnapshot | undefined> {
    const row = await this.database.query.selectFrom('user_session').selectAll().where('id', '=', id).executeTakeFirst();
    return row && sessionOf(row);
  }

  /** The session whose current token this is, else the one that replaced it. */
  async findByTokenHash(tokenHash: string): Promise<SessionByToken | undefined> {
    const row = await this.database.query
      .selectFrom('user_session as s')
      .selectAll('s')
      .select(sql<boolean>`true`.as('current'))
      .where('s.token_hash', '=', tokenHash)
      .unionAll((db) =>
        db
          .selectFrom('replaced_refresh_token as r')
          .innerJoin('user_session as s', 's.id', 'r.session_id')
          .selectAll('s')
          .select(sql<boolean>`false`.as('current'))
          .where('r.token_hash', '=', tokenHash),
      )
      .executeTakeFirst();
    return row && { session: sessionOf(row), current: row.current };
  }

  /** One statement: the new hash replaces the presented one only while that is current and the session live; the old hash is kept. */
  async rotate(id: string, presentedHash: string, next: { tokenHash: string; rotatedAt: Date; refreshExpiresAt: Date }): Promise<boolean> {
    const { rows } = await sql<Pick<Selectable<ReplacedRefreshTokenTable>, 'session_id'>>`
      with rotated as (
        update user_session set token_hash = ${next.tokenHash}, rotated_at = ${next.rotatedAt.toISOString()}::timestamptz, refresh_expires_at = ${next.refreshExpiresAt.toISOString()}::timestamptz
        where id = ${id} and token_hash = ${presentedHash} and ended_at is null returning id
      )
      insert into replaced_refresh_token (token_hash, session_id) select ${presentedHash}, id from rotated returning session_id`.execute(this.database.query);
    return rows.length > 0;
  }

  async end(id: string, reason: SessionEndReason, now: Date): Promise<void> {
    await this.database.query.updateTable('user_session').set({ ended_at: now, end_reason: reason }).where('id', '=', id).where('ended_at', 'is', null).execute();
  }

  async endAll(owner: SessionOwner, reason: SessionEndReason, now: Date): Promise<number> {
    const ended = await this.database.query
      .updateTable('user_session')
      .set({ ended_at: now, end_reason: reason })
      .where('user_id', '=', owner.userId)
      .$if(owner.accountId !== undefined, (update) => update.where('account_id', '=', owner.accountId!))
      .where(live(now))
      .executeTakeFirst();
    return Number(ended.numUpdatedRows);
  }

  async listLive(userId: string, now: Date): Promise<SessionSnapshot[]> {
    const rows = await this.database.query.selectFrom('user_session').selectAll().where('user_id', '=', userId).where(live(now)).orderBy('created_at').orderBy('id').execute();
    return rows.map(sessionOf);
  }
}
