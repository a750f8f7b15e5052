import { sql } from 'kysely';
import { err, ok, type Result } from '@tuma/kernel';
import { keywordTaken, type KeywordTakenError, type ServiceListQuery, type TwoWayServiceRepository, type TwoWayServiceSnapshot } from '@tuma/two-way';
import type { Database } from '../database/database.ts';
import { savedColumns, serviceColumns, serviceOf, storedServiceId } from './two-way-service-rows.ts';

// The partial indexes' predicates, as literals (as are the types matched beside them) for the planner to match those indexes.
const LIVE = sql<boolean>`status not in ('rejected', 'cancelled')`;
const LIVE_APPROVED = sql<boolean>`status in ('active', 'past_due', 'suspended')`;

/** Two-way services in `two_way_service` (docs/two-way.md): one statement per read and write. */
export class MikroOrmTwoWayServiceRepository implements TwoWayServiceRepository {
  constructor(private readonly database: Database) {}

  async add(service: Omit<TwoWayServiceSnapshot, 'id'>): Promise<Result<TwoWayServiceSnapshot, KeywordTakenError>> {
    // A live holder of the keyword meets the partial unique index: nothing is written, also against a concurrent insert.
    const row = await this.database.query
      .insertInto('two_way_service')
      .values(serviceColumns(service))
      .onConflict((oc) => oc.columns(['country_code', 'keyword']).where('type', '=', sql.lit('shared')).where(LIVE).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? ok({ ...service, id: storedServiceId(row.id) }) : err(keywordTaken(service.keyword ?? '', service.countryCode));
  }

  async save(service: TwoWayServiceSnapshot): Promise<void> {
    const saved = await this.database.query.updateTable('two_way_service').set(savedColumns(service)).where('id', '=', String(service.id)).executeTakeFirst();
    if (saved.numUpdatedRows !== 1n) throw new Error(`Service ${service.id} was never added`);
  }

  async find(id: number): Promise<TwoWayServiceSnapshot | undefined> {
    const row = await this.services().where('id', '=', String(id)).executeTakeFirst();
    return row && serviceOf(row);
  }

  async lock(id: number): Promise<TwoWayServiceSnapshot | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a two-way service needs a unit of work');
    const row = await this.services().where('id', '=', String(id)).forUpdate().executeTakeFirst();
    return row && serviceOf(row);
  }

  async listByAccount(accountId: string): Promise<readonly TwoWayServiceSnapshot[]> {
    return (await this.newestFirst(this.services().where('account_id', '=', accountId)).execute()).map(serviceOf);
  }

  async list(query: ServiceListQuery): Promise<{ readonly services: readonly TwoWayServiceSnapshot[]; readonly total: number }> {
    let matching = this.database.query.selectFrom('two_way_service');
    if (query.status !== undefined) matching = matching.where('status', '=', query.status);
    const rows = await this.newestFirst(matching.selectAll()).limit(query.limit).offset(query.page * query.limit).execute();
    const count = await matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
    return { services: rows.map(serviceOf), total: Number(count?.total ?? 0) };
  }

  async keywordHolder(countryCode: string, keyword: string): Promise<number | undefined> {
    return (await this.ids(this.idsWhere().where('country_code', '=', countryCode).where('keyword', '=', keyword).where('type', '=', sql.lit('shared')).where(LIVE)))[0];
  }

  async numberHolder(number: string): Promise<number | undefined> {
    return (await this.ids(this.idsWhere().where('number', '=', number).where('type', '=', sql.lit('dedicated')).where(LIVE)))[0];
  }

  async onNumber(number: string): Promise<readonly TwoWayServiceSnapshot[]> {
    return (await this.services().where('number', '=', number).where(LIVE_APPROVED).orderBy('id').execute()).map(serviceOf);
  }

  dueIds(now: Date, after: number | null, limit: number): Promise<readonly number[]> {
    let due = this.idsWhere().where(LIVE_APPROVED).where('next_charge_at', '<=', now.toISOString());
    if (after !== null) due = due.where('id', '>', String(after));
    return this.ids(due.orderBy('id').limit(limit));
  }

  unpaidIdsOf(accountId: string): Promise<readonly number[]> {
    return this.ids(this.idsWhere().where('account_id', '=', accountId).where('unpaid_since', 'is not', null).where(LIVE_APPROVED).orderBy('id'));
  }

  private services() {
    return this.database.query.selectFrom('two_way_service').selectAll();
  }

  private idsWhere() {
    return this.database.query.selectFrom('two_way_service').select('id');
  }

  private newestFirst(query: ReturnType<MikroOrmTwoWayServiceRepository['services']>) {
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }

  private async ids(query: ReturnType<MikroOrmTwoWayServiceRepository['idsWhere']>): Promise<number[]> {
    return (await query.execute()).map((row) => storedServiceId(row.id));
  }
}
