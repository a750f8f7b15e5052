import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Money } from '@tuma/kernel';
import type { BatchTotals, DeliveryChange, DuplicateQuery, MessagePage, MessageQuery, MessageRepository, OutboundMessage, OutboundMessageStatus } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { GatheredReads } from '../database/gathered-reads.ts';
import { storedMoney } from '../database/stored-money.ts';
import type { MessageTable } from '../database/tables.ts';
import { countedRecordset } from '../database/counted-recordset.ts';
import { deliveryRecord, messageFromRow, messageRecord } from './message-rows.ts';
import { anyOf } from '../database/bound-texts.ts';

/** Rows per insert statement: a 100k-member batch is 20 statements. */
const INSERT_CHUNK = 5_000;

/**
 * After a write of messages (`written`: each one's id, carrier, carrier ids and `sent_at` now, and
 * `had_carrier`, `had_ids` and `was_sent_at` before it), the rows that find them again: each new
 * (carrier, carrier id) for its receipts, each new submission start for route health. Both tables
 * are insert-only, without a unique key (migration 20261206000100): a row written twice by writers
 * racing is read once.
 */
const lookupRows = (written: RawBuilder<unknown>) => sql<Pick<Selectable<MessageTable>, 'id'>>`
  with written as (${written}),
  carrier_ids as (
    insert into message_carrier_id (carrier, carrier_message_id, message_id)
    select w.carrier, ids.id, w.id from written w cross join lateral jsonb_array_elements_text(w.carrier_message_ids) as ids(id)
    where w.carrier is not null and not (w.had_carrier is not distinct from w.carrier and w.had_ids @> jsonb_build_array(ids.id))),
  starts as (
    insert into message_submission_start (started_at, message_id)
    select w.sent_at, w.id from written w where w.sent_at is not null and w.sent_at is distinct from w.was_sent_at)
  select w.id from written w`;

const WRITTEN = sql`returning m.id, m.carrier, m.carrier_message_ids, m.sent_at`;
/** An update's `from`: its records (`r`) and the rows as the statement found them (`o`). */
const updating = (records: readonly object[], columns: string) => sql`${countedRecordset(records, columns)} join message o on o.id = r.id`;
const UPDATE_WRITTEN = sql`${WRITTEN}, o.carrier as had_carrier, o.carrier_message_ids as had_ids, o.sent_at as was_sent_at`;

/** The records (`messageRecord`) as new messages, one jsonb parameter for the lot. */
const insert = (records: readonly object[]) => sql`
  insert into message as m (id, account_id, api_key_id, environment, batch_id, batch_seq, phone, country, route_code, sender_id, text,
    original_text, category, encoding, segments, price_per_segment, route_cost, route_currency, cost, currency, charge_entry_id, scheduled_at, created_at,
    carrier, status, retry_count, error_code, carrier_message_ids, part_outcomes, sent_at, submitted_at, delivered_at, failed_at)
  select r.id, r.account_id, r.api_key_id, r.environment, r.batch_id, r.batch_seq, r.phone, r.country, r.route_code, r.sender_id, r.text,
    r.original_text, r.category, r.encoding, r.segments, r.price_per_segment, r.route_cost, r.route_currency, r.cost, r.currency, r.charge_entry_id, r.scheduled_at,
    r.created_at, r.carrier, r.status, r.retry_count, r.error_code, r.carrier_message_ids, r.part_outcomes, r.sent_at, r.submitted_at,
    r.delivered_at, r.failed_at
  from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r (id varchar, account_id varchar, api_key_id varchar, environment varchar, batch_id varchar,
    batch_seq integer, phone varchar, country char(2), route_code varchar, sender_id varchar, text text, original_text text, category varchar, encoding varchar, segments integer,
    price_per_segment numeric, route_cost numeric, route_currency char(3), cost numeric, currency char(3), charge_entry_id varchar,
    scheduled_at timestamptz, created_at timestamptz, carrier varchar, status varchar, retry_count integer, error_code varchar,
    carrier_message_ids jsonb, part_outcomes jsonb, sent_at timestamptz, submitted_at timestamptz, delivered_at timestamptz,
    failed_at timestamptz)
  ${WRITTEN}, null::varchar as had_carrier, '[]'::jsonb as had_ids, null::timestamptz as was_sent_at`;

const SET_DELIVERY = sql`
  update message m set carrier = r.carrier, status = r.status, retry_count = r.retry_count, error_code = r.error_code,
    carrier_message_ids = r.carrier_message_ids, part_outcomes = r.part_outcomes, sent_at = r.sent_at, submitted_at = r.submitted_at,
    delivered_at = r.delivered_at, failed_at = r.failed_at`;

const DELIVERY_RECORD = `id varchar, carrier varchar, status varchar, retry_count integer, error_code varchar,
    carrier_message_ids jsonb, part_outcomes jsonb, sent_at timestamptz, submitted_at timestamptz, delivered_at timestamptz,
    failed_at timestamptz`;

/** One transaction-scoped advisory lock per duplicate key, taken in hash order (no deadlock between batches); the text enters as its hash. */
const lockDuplicateKeys = (keys: string) => sql`
  select pg_advisory_xact_lock(h) from (
    select distinct hashtextextended(x->>'account_id' || '|' || (x->>'environment') || '|' || (x->>'phone') || '|' || md5(x->>'text'), 0) as h
    from jsonb_array_elements(${keys}::jsonb) as e(x)
    order by h
  ) keys`;

/** The newest live duplicate of each key, with the key's position (`n`, from 1). */
const recentDuplicates = (keys: string) => sql<Selectable<MessageTable> & { n: string }>`
  select e.n, d.* from jsonb_array_elements(${keys}::jsonb) with ordinality as e(x, n)
  cross join lateral (
    select m.* from message m
    where m.account_id = x->>'account_id' and m.phone = x->>'phone' and m.environment = x->>'environment'
      and m.created_at >= (x->>'since')::timestamptz and m.text = x->>'text' and m.status not in ('failed', 'rejected')
    order by m.created_at desc, m.id desc limit 1
  ) d`;

/** Messages in the `message` table; bulk writes go through `jsonb_to_recordset`, one statement per chunk. */
export class MikroOrmMessageRepository implements MessageRepository {
  private readonly gathered: GatheredReads<OutboundMessage>;

  constructor(private readonly database: Database) {
    this.gathered = new GatheredReads(database, async (ids) => {
      const rows = await this.messages().where('m.id', '=', anyOf(ids)).execute();
      return new Map(rows.map((row) => [row.id, messageFromRow(row)]));
    });
  }

  private messages() {
    return this.database.query.selectFrom('message as m').selectAll('m');
  }

  async add(messages: readonly OutboundMessage[]): Promise<void> {
    for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
      await lookupRows(insert(messages.slice(start, start + INSERT_CHUNK).map(messageRecord))).execute(this.database.query);
    }
  }

  async findRecentDuplicates(queries: readonly DuplicateQuery[]): Promise<readonly (OutboundMessage | undefined)[]> {
    if (queries.length === 0) return [];
    const keys = JSON.stringify(
      queries.map(({ key, since }) => ({ account_id: key.accountId, environment: key.environment, phone: key.phone, text: key.text, since: since.toISOString() })),
    );
    await lockDuplicateKeys(keys).execute(this.database.query);
    const { rows } = await recentDuplicates(keys).execute(this.database.query);
    const found = new Map(rows.map((row) => [Number(row.n), messageFromRow(row)]));
    return queries.map((_, index) => found.get(index + 1));
  }

  /** `GET /api/messages/{id}` is polled: the reads of a moment in one statement (`GatheredReads`). */
  async find(accountId: string, id: string): Promise<OutboundMessage | undefined> {
    const message = await this.gathered.read(id, async () => {
      const row = await this.messages().where('m.id', '=', id).where('m.account_id', '=', accountId).executeTakeFirst();
      return row && messageFromRow(row);
    });
    // Another account's message is not there for this one.
    return message?.accountId === accountId ? message : undefined;
  }

  async findMany(accountId: string, ids: readonly string[]): Promise<readonly OutboundMessage[]> {
    if (ids.length === 0) return [];
    const rows = await this.messages().where('m.account_id', '=', accountId).where('m.id', '=', anyOf(ids)).execute();
    return rows.map(messageFromRow);
  }

  async list(query: MessageQuery): Promise<MessagePage> {
    let filtered = this.database.query.selectFrom('message as m').where('m.account_id', '=', query.accountId);
    if (query.environment !== null) filtered = filtered.where('m.environment', '=', query.environment);
    if (query.status !== undefined) filtered = filtered.where('m.status', '=', query.status);
    if (query.phone !== undefined) filtered = filtered.where('m.phone', '=', query.phone);
    if (query.batchId !== undefined) filtered = filtered.where('m.batch_id', '=', query.batchId);
    if (query.from !== undefined) filtered = filtered.where('m.created_at', '>=', query.from.toISOString());
    if (query.to !== undefined) filtered = filtered.where('m.created_at', '<', query.to.toISOString());
    const counted = await filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await filtered
      .selectAll('m')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.batch_seq', (ob) => ob.desc().nullsLast())
      .orderBy('m.id', 'desc')
      .limit(query.limit)
      .offset(query.page * query.limit)
      .execute();
    return { messages: rows.map(messageFromRow), total: Number(counted.total) };
  }

  async batchTotals(accountId: string, batchId: string): Promise<BatchTotals> {
    const rows = await this.database.query
      .selectFrom('message as m')
      .select(['m.status', 'm.currency', (eb) => eb.fn.countAll<string>().as('count'), (eb) => eb.fn.sum<string>('m.cost').as('cost')])
      .where('m.account_id', '=', accountId)
      .where('m.batch_id', '=', batchId)
      .groupBy(['m.status', 'm.currency'])
      .execute();
    const counts: Partial<Record<OutboundMessageStatus, number>> = {};
    let total = 0;
    let cost: Money | null = null;
    for (const row of rows) {
      const count = Number(row.count);
      counts[row.status as OutboundMessageStatus] = count;
      total += count;
      const amount = storedMoney(row.cost, row.currency, `cost of batch ${batchId}`);
      cost = cost ? cost.add(amount) : amount;
    }
    return { total, counts, cost };
  }

  async batchMembers(accountId: string, batchId: string, page: number, limit: number): Promise<readonly OutboundMessage[]> {
    const rows = await this.messages()
      .where('m.account_id', '=', accountId)
      .where('m.batch_id', '=', batchId)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.batch_seq', 'desc')
      .limit(limit)
      .offset(page * limit)
      .execute();
    return rows.map(messageFromRow);
  }

  async findByIds(ids: readonly string[]): Promise<readonly OutboundMessage[]> {
    return this.byIds(ids, false);
  }

  async lockByIds(ids: readonly string[]): Promise<readonly OutboundMessage[]> {
    return this.byIds(ids, true);
  }

  /** In id order whatever the caller wants, so concurrent lockers cannot deadlock on the order. */
  private async byIds(ids: readonly string[], lock: boolean): Promise<readonly OutboundMessage[]> {
    if (ids.length === 0) return [];
    const found = this.messages().where('m.id', '=', anyOf(ids)).orderBy('m.id');
    const rows = await (lock ? found.forUpdate() : found).execute();
    return rows.map(messageFromRow);
  }

  async lockBatchRange(batchId: string, fromSeq: number, toSeq: number): Promise<readonly OutboundMessage[]> {
    const rows = await this.messages()
      .where('m.batch_id', '=', batchId)
      .where((eb) => eb.between('m.batch_seq', fromSeq, toSeq))
      .orderBy('m.id')
      .forUpdate()
      .execute();
    return rows.map(messageFromRow).sort((a, b) => a.batchSeq! - b.batchSeq!);
  }

  async findByCarrierMessageId(carrier: string, carrierMessageId: string): Promise<OutboundMessage | undefined> {
    return this.byCarrierMessageId(carrier, carrierMessageId, false);
  }

  async lockByCarrierMessageId(carrier: string, carrierMessageId: string): Promise<OutboundMessage | undefined> {
    return this.byCarrierMessageId(carrier, carrierMessageId, true);
  }

  private async byCarrierMessageId(carrier: string, carrierMessageId: string, lock: boolean): Promise<OutboundMessage | undefined> {
    const found = this.messages()
      .where('m.id', 'in', (eb) =>
        eb.selectFrom('message_carrier_id').select('message_id').where('carrier', '=', carrier).where('carrier_message_id', '=', carrierMessageId),
      )
      .where(sql<boolean>`m.carrier_message_ids @> ${JSON.stringify([carrierMessageId])}::jsonb`)
      .where('m.carrier', '=', carrier)
      .orderBy('m.created_at', 'desc')
      .limit(1);
    const row = await (lock ? found.forUpdate() : found).executeTakeFirst();
    return row && messageFromRow(row);
  }

  async saveDelivery(messages: readonly OutboundMessage[]): Promise<void> {
    for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
      const records = messages.slice(start, start + INSERT_CHUNK).map(deliveryRecord);
      await lookupRows(sql`${SET_DELIVERY} from ${updating(records, DELIVERY_RECORD)} where m.id = r.id ${UPDATE_WRITTEN}`).execute(this.database.query);
    }
  }

  /** Writes only the rows still as their writer last read them: compared on what a receipt, a guard or a retry changes. */
  async saveDeliveryIfUnchanged(changes: readonly DeliveryChange[]): Promise<ReadonlySet<string>> {
    if (changes.length === 0) return new Set();
    const records = changes.map(({ before, after }) => ({
      ...deliveryRecord(after),
      before_status: before.delivery.status,
      before_retry_count: before.delivery.retryCount,
      before_part_outcomes: before.delivery.partOutcomes,
    }));
    const { rows } = await lookupRows(sql`${SET_DELIVERY}
      from ${updating(records, `${DELIVERY_RECORD}, before_status varchar, before_retry_count integer, before_part_outcomes jsonb`)}
      where m.id = r.id and m.status = r.before_status and m.retry_count = r.before_retry_count and m.part_outcomes = r.before_part_outcomes
      ${UPDATE_WRITTEN}`).execute(this.database.query);
    return new Set(rows.map((row) => row.id));
  }
}
