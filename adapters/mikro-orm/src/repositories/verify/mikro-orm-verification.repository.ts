import type { VerificationPage, VerificationQuery, VerificationRepository, VerificationScope, VerificationSnapshot } from '@tuma/verification';
import type { Database } from '../../database/database.ts';
import { INSERT_COLUMNS, VERIFICATION_COLUMNS, verificationFromRow, verificationValues, type VerificationRow } from './verification-rows.ts';

const PLACEHOLDERS = INSERT_COLUMNS.split(',').map(() => '?').join(', ');

const UPSERT = `
  insert into verification (${INSERT_COLUMNS}) values (${PLACEHOLDERS})
  on conflict (id) do update set status = excluded.status, code_hash = excluded.code_hash, expires_at = excluded.expires_at,
    check_attempts = excluded.check_attempts, sends = excluded.sends, last_sent_at = excluded.last_sent_at,
    message_ids = excluded.message_ids, cost = excluded.cost, updated_at = excluded.updated_at`;

const EXPIRE_DUE = `
  update verification set status = 'expired', code_hash = null, updated_at = ?::timestamptz
  where id in (select id from verification where status = 'pending' and expires_at <= ?::timestamptz order by expires_at limit ? for update skip locked)
  returning id`;

/** Verifications in `verification`: one statement per read and write. */
export class MikroOrmVerificationRepository implements VerificationRepository {
  constructor(private readonly database: Database) {}

  async add(verification: VerificationSnapshot): Promise<void> {
    await this.database.em.execute(`insert into verification (${INSERT_COLUMNS}) values (${PLACEHOLDERS})`, verificationValues(verification), 'run');
  }

  async save(verification: VerificationSnapshot): Promise<void> {
    await this.database.em.execute(UPSERT, verificationValues(verification), 'run');
  }

  find(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined> {
    return this.one(`select ${VERIFICATION_COLUMNS} from verification v where v.id = ? and v.account_id = ? and v.environment = ?`, [id, scope.accountId, scope.environment]);
  }

  lock(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a verification needs a unit of work');
    return this.one(`select ${VERIFICATION_COLUMNS} from verification v where v.id = ? and v.account_id = ? and v.environment = ? for update`, [id, scope.accountId, scope.environment]);
  }

  async list(query: VerificationQuery): Promise<VerificationPage> {
    const conditions = ['v.account_id = ?', 'v.environment = ?'];
    const values: unknown[] = [query.accountId, query.environment];
    if (query.to !== undefined) {
      conditions.push('v.phone = ?');
      values.push(query.to);
    }
    if (query.status !== undefined) {
      // As of now: a pending verification past its expiry lists as expired.
      const now = query.now.toISOString();
      if (query.status === 'pending') conditions.push(`v.status = 'pending' and v.expires_at > ?::timestamptz`);
      else if (query.status === 'expired') conditions.push(`(v.status = 'expired' or (v.status = 'pending' and v.expires_at <= ?::timestamptz))`);
      else conditions.push(`v.status = '${query.status}'`);
      if (query.status === 'pending' || query.status === 'expired') values.push(now);
    }
    const where = conditions.join(' and ');
    const rows = await this.database.em.execute<(VerificationRow & { total: number })[]>(
      `select ${VERIFICATION_COLUMNS}, count(*) over ()::int as total from verification v where ${where} order by v.created_at desc, v.id desc limit ? offset ?`,
      [...values, query.limit, query.page * query.limit],
    );
    const total = rows[0]?.total ?? (query.page === 0 ? 0 : await this.count(where, values));
    return { items: rows.map(verificationFromRow), total };
  }

  async expireDue(now: Date, limit: number): Promise<number> {
    return (await this.database.em.execute<{ id: string }[]>(EXPIRE_DUE, [now.toISOString(), now.toISOString(), limit])).length;
  }

  private async count(where: string, values: unknown[]): Promise<number> {
    const rows = await this.database.em.execute<{ total: number }[]>(`select count(*)::int as total from verification v where ${where}`, values);
    return rows[0]?.total ?? 0;
  }

  private async one(sql: string, values: unknown[]): Promise<VerificationSnapshot | undefined> {
    const rows = await this.database.em.execute<VerificationRow[]>(sql, values);
    return rows[0] && verificationFromRow(rows[0]);
  }
}
