import type { ScopedId, VerificationChange, VerificationPage, VerificationQuery, VerificationRepository, VerificationScope, VerificationSnapshot } from '@tuma/verification';
import type { Database } from '../database/database.ts';
import { countedRecordset, recordsetParameters } from '../database/counted-recordset.ts';
import { INSERT_COLUMNS, VERIFICATION_COLUMNS, verificationFromRow, verificationValues, type VerificationRow } from './verification-rows.ts';

const ROW_PLACEHOLDERS = `(${INSERT_COLUMNS.split(',').map(() => '?').join(', ')})`;

const insertOf = (count: number) => `insert into verification (${INSERT_COLUMNS}) values ${Array.from({ length: count }, () => ROW_PLACEHOLDERS).join(', ')}`;

const UPSERT = `
  on conflict (id) do update set status = excluded.status, code_hash = excluded.code_hash, expires_at = excluded.expires_at,
    check_attempts = excluded.check_attempts, sends = excluded.sends, last_sent_at = excluded.last_sent_at,
    message_ids = excluded.message_ids, cost = excluded.cost, updated_at = excluded.updated_at`;

/** Changed verifications where their rows are as their writers read them (status, checks, sends). */
const SAVE_IF_UNCHANGED = `
  update verification v set status = r.status, code_hash = r.code_hash, expires_at = r.expires_at, check_attempts = r.check_attempts,
    sends = r.sends, last_sent_at = r.last_sent_at, message_ids = r.message_ids, cost = r.cost, updated_at = r.updated_at
  from ${countedRecordset(
    'r',
    `id varchar, status varchar, code_hash char(64), expires_at timestamptz, check_attempts int, sends int, last_sent_at timestamptz,
    message_ids jsonb, cost numeric, updated_at timestamptz, before_status varchar, before_check_attempts int, before_sends int`,
  )}
  where v.id = r.id and v.status = r.before_status and v.check_attempts = r.before_check_attempts and v.sends = r.before_sends
  returning v.id`;

const EXPIRE_DUE = `
  update verification set status = 'expired', code_hash = null, updated_at = ?::timestamptz
  where id in (select id from verification where status = 'pending' and expires_at <= ?::timestamptz order by expires_at limit ? for update skip locked)
  returning id`;

const scopedKey = (scope: VerificationScope, id: string) => `${scope.accountId} ${scope.environment} ${id}`;

/** Verifications in `verification`: one statement per read and per write (of one or many). */
export class MikroOrmVerificationRepository implements VerificationRepository {
  constructor(private readonly database: Database) {}

  async add(verifications: readonly VerificationSnapshot[]): Promise<void> {
    if (verifications.length === 0) return;
    await this.database.em.execute(insertOf(verifications.length), verifications.flatMap(verificationValues), 'run');
  }

  async save(verifications: readonly VerificationSnapshot[]): Promise<void> {
    if (verifications.length === 0) return;
    await this.database.em.execute(`${insertOf(verifications.length)} ${UPSERT}`, verifications.flatMap(verificationValues), 'run');
  }

  find(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined> {
    return this.one(`select ${VERIFICATION_COLUMNS} from verification v where v.id = ? and v.account_id = ? and v.environment = ?`, [id, scope.accountId, scope.environment]);
  }

  lock(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a verification needs a unit of work');
    return this.one(`select ${VERIFICATION_COLUMNS} from verification v where v.id = ? and v.account_id = ? and v.environment = ? for update`, [id, scope.accountId, scope.environment]);
  }

  lockAll(ids: readonly ScopedId[]): Promise<readonly VerificationSnapshot[]> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking verifications needs a unit of work');
    return this.selectAll(ids, ' order by v.id for update');
  }

  async lockByLatestMessage(messageIds: readonly string[]): Promise<readonly VerificationSnapshot[]> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking verifications needs a unit of work');
    if (messageIds.length === 0) return [];
    // A scan: it runs only for the codes an unsent-message guard failed (their senders died).
    const rows = await this.database.em.execute<VerificationRow[]>(
      `select ${VERIFICATION_COLUMNS} from verification v where v.message_ids ->> -1 = any (array(select jsonb_array_elements_text(?::jsonb))) order by v.id for update`,
      [JSON.stringify([...new Set(messageIds)])],
    );
    return rows.map(verificationFromRow);
  }

  findAll(ids: readonly ScopedId[]): Promise<readonly VerificationSnapshot[]> {
    return this.selectAll(ids, '');
  }

  async saveIfUnchanged(changes: readonly VerificationChange[]): Promise<ReadonlySet<string>> {
    if (changes.length === 0) return new Set();
    const records = changes.map(({ before, after }) => ({
      id: after.id,
      status: after.status,
      code_hash: after.codeHash,
      expires_at: after.expiresAt,
      check_attempts: after.checkAttempts,
      sends: after.sends,
      last_sent_at: after.lastSentAt,
      message_ids: after.messageIds,
      cost: after.cost.toDecimalString(),
      updated_at: after.updatedAt,
      before_status: before.status,
      before_check_attempts: before.checkAttempts,
      before_sends: before.sends,
    }));
    const rows = await this.database.em.execute<{ id: string }[]>(SAVE_IF_UNCHANGED, recordsetParameters(records));
    return new Set(rows.map((row) => row.id));
  }

  /** The rows of `ids` (`suffix`: their order and lock) that are their caller's; another scope's is never shown. */
  private async selectAll(ids: readonly ScopedId[], suffix: string): Promise<readonly VerificationSnapshot[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.em.execute<VerificationRow[]>(
      `select ${VERIFICATION_COLUMNS} from verification v where v.id = any (array(select jsonb_array_elements_text(?::jsonb)))${suffix}`,
      [JSON.stringify([...new Set(ids.map(({ id }) => id))])],
    );
    const wanted = new Set(ids.map(({ scope, id }) => scopedKey(scope, id)));
    return rows.map(verificationFromRow).filter((v) => wanted.has(scopedKey(v, v.id)));
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
