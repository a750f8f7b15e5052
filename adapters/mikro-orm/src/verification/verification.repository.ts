import { sql, type Selectable } from 'kysely';
import type { ScopedId, VerificationChange, VerificationPage, VerificationQuery, VerificationRepository, VerificationScope, VerificationSnapshot } from '@tuma/verification';
import type { Database } from '../database/database.ts';
import { countedRecordset } from '../database/counted-recordset.ts';
import type { VerificationTable } from '../database/tables.ts';
import { verificationColumns, verificationOf } from './verification-rows.ts';
import { anyOf } from '../database/bound-texts.ts';

const scopedKey = (scope: VerificationScope, id: string) => `${scope.accountId} ${scope.environment} ${id}`;

/** Verifications in `verification`: one statement per read and per write (of one or many). */
/** A changed verification and what its writer read, as `saveIfUnchanged` sends them. */
const VERIFICATION_RECORD = `id varchar, status varchar, code_hash char(64), expires_at timestamptz, check_attempts int, sends int, last_sent_at timestamptz,
  message_ids jsonb, cost numeric, updated_at timestamptz, before_status varchar, before_check_attempts int, before_sends int`;

export class MikroOrmVerificationRepository implements VerificationRepository {
  constructor(private readonly database: Database) {}

  async add(verifications: readonly VerificationSnapshot[]): Promise<void> {
    if (verifications.length === 0) return;
    await this.database.query.insertInto('verification').values(verifications.map(verificationColumns)).execute();
  }

  async save(verifications: readonly VerificationSnapshot[]): Promise<void> {
    if (verifications.length === 0) return;
    await this.database.query
      .insertInto('verification')
      .values(verifications.map(verificationColumns))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          code_hash: eb.ref('excluded.code_hash'),
          expires_at: eb.ref('excluded.expires_at'),
          check_attempts: eb.ref('excluded.check_attempts'),
          sends: eb.ref('excluded.sends'),
          last_sent_at: eb.ref('excluded.last_sent_at'),
          message_ids: eb.ref('excluded.message_ids').$castTo<string>(), // `excluded` is typed as the column selects (parsed); it is written back as stored
          cost: eb.ref('excluded.cost'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async find(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined> {
    const row = await this.scoped(scope, id).executeTakeFirst();
    return row && verificationOf(row);
  }

  async lock(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a verification needs a unit of work');
    const row = await this.scoped(scope, id).forUpdate().executeTakeFirst();
    return row && verificationOf(row);
  }

  lockAll(ids: readonly ScopedId[]): Promise<readonly VerificationSnapshot[]> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking verifications needs a unit of work');
    return this.ofIds(ids, true);
  }

  async lockByLatestMessage(messageIds: readonly string[]): Promise<readonly VerificationSnapshot[]> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking verifications needs a unit of work');
    if (messageIds.length === 0) return [];
    // A scan: it runs only for the codes an unsent-message guard failed (their senders died).
    const rows = await this.database.query
      .selectFrom('verification')
      .selectAll()
      .where(sql<string>`message_ids ->> -1`, '=', anyOf(messageIds))
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map(verificationOf);
  }

  findAll(ids: readonly ScopedId[]): Promise<readonly VerificationSnapshot[]> {
    return this.ofIds(ids, false);
  }

  /**
   * Changed verifications where their rows are as their writers read them (status, checks, sends).
   * The batch's rows come with their count as a limit (see counted-recordset.ts): the planner then
   * looks each up by id rather than scanning the table.
   */
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
    const { rows } = await sql<Pick<Selectable<VerificationTable>, 'id'>>`
      update verification v set status = r.status, code_hash = r.code_hash, expires_at = r.expires_at, check_attempts = r.check_attempts,
        sends = r.sends, last_sent_at = r.last_sent_at, message_ids = r.message_ids, cost = r.cost, updated_at = r.updated_at
      from ${countedRecordset(records, VERIFICATION_RECORD)}
      where v.id = r.id and v.status = r.before_status and v.check_attempts = r.before_check_attempts and v.sends = r.before_sends
      returning v.id`.execute(this.database.query);
    return new Set(rows.map((row) => row.id));
  }

  async list(query: VerificationQuery): Promise<VerificationPage> {
    let matching = this.database.query.selectFrom('verification').where('account_id', '=', query.accountId).where('environment', '=', query.environment);
    if (query.to !== undefined) matching = matching.where('phone', '=', query.to);
    // As of now: a pending verification past its expiry lists as expired.
    const now = query.now.toISOString();
    const pending = sql.lit('pending');
    if (query.status === 'pending') matching = matching.where('status', '=', pending).where('expires_at', '>', now);
    else if (query.status === 'expired') matching = matching.where((eb) => eb.or([eb('status', '=', sql.lit('expired')), eb.and([eb('status', '=', pending), eb('expires_at', '<=', now)])]));
    else if (query.status !== undefined) matching = matching.where('status', '=', query.status);
    const rows = await matching
      .selectAll()
      .select(sql<number>`count(*) over ()::int`.as('total'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.page * query.limit)
      .execute();
    const total = rows[0]?.total ?? (query.page === 0 ? 0 : ((await matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst())?.total ?? 0));
    return { items: rows.map(verificationOf), total };
  }

  async expireDue(now: Date, limit: number): Promise<number> {
    const at = now.toISOString();
    const expired = await this.database.query
      .updateTable('verification')
      .set({ status: 'expired', code_hash: null, updated_at: at })
      .where('id', 'in', (eb) => eb.selectFrom('verification').select('id').where('status', '=', sql.lit('pending')).where('expires_at', '<=', at).orderBy('expires_at').limit(limit).forUpdate().skipLocked())
      .executeTakeFirst();
    return Number(expired.numUpdatedRows);
  }

  private scoped(scope: VerificationScope, id: string) {
    return this.database.query.selectFrom('verification').selectAll().where('id', '=', id).where('account_id', '=', scope.accountId).where('environment', '=', scope.environment);
  }

  /** The rows of `ids` (in id order and locked, if `lock`) that are their caller's; another scope's is never shown. */
  private async ofIds(ids: readonly ScopedId[], lock: boolean): Promise<readonly VerificationSnapshot[]> {
    if (ids.length === 0) return [];
    const matching = this.database.query.selectFrom('verification').selectAll().where('id', '=', anyOf(ids.map(({ id }) => id)));
    const rows = await (lock ? matching.orderBy('id').forUpdate() : matching).execute();
    const wanted = new Set(ids.map(({ scope, id }) => scopedKey(scope, id)));
    return rows.map(verificationOf).filter((v) => wanted.has(scopedKey(v, v.id)));
  }
}
