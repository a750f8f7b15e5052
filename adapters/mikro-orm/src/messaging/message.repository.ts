import type { EntityManager } from '@mikro-orm/postgresql';
import type { Money } from '@tuma/kernel';
import type { BatchTotals, DeliveryChange, DuplicateQuery, MessagePage, MessageQuery, MessageRepository, OutboundMessage, OutboundMessageStatus } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';
import { executeBound } from '../database/bound-statement.ts';
import { countedRecordset, recordsetParameters } from '../database/counted-recordset.ts';
import { deliveryRecord, MESSAGE_COLUMNS, messageFromRow, messageRecord, type MessageRow } from './message-rows.ts';

/** Rows per insert statement: a 100k-member batch is 20 statements. */
const INSERT_CHUNK = 5_000;

const INSERT = `
  insert into message (id, account_id, api_key_id, environment, batch_id, batch_seq, phone, country, route_code, sender_id, text,
    original_text, category, encoding, segments, price_per_segment, route_cost, route_currency, cost, currency, charge_entry_id, scheduled_at, created_at,
    carrier, status, retry_count, error_code, carrier_message_ids, part_outcomes, sent_at, submitted_at, delivered_at, failed_at)
  select r.id, r.account_id, r.api_key_id, r.environment, r.batch_id, r.batch_seq, r.phone, r.country, r.route_code, r.sender_id, r.text,
    r.original_text, r.category, r.encoding, r.segments, r.price_per_segment, r.route_cost, r.route_currency, r.cost, r.currency, r.charge_entry_id, r.scheduled_at,
    r.created_at, r.carrier, r.status, r.retry_count, r.error_code, r.carrier_message_ids, r.part_outcomes, r.sent_at, r.submitted_at,
    r.delivered_at, r.failed_at
  from jsonb_to_recordset(?::jsonb) as r (id varchar, account_id varchar, api_key_id varchar, environment varchar, batch_id varchar,
    batch_seq integer, phone varchar, country char(2), route_code varchar, sender_id varchar, text text, original_text text, category varchar, encoding varchar, segments integer,
    price_per_segment numeric, route_cost numeric, route_currency char(3), cost numeric, currency char(3), charge_entry_id varchar,
    scheduled_at timestamptz, created_at timestamptz, carrier varchar, status varchar, retry_count integer, error_code varchar,
    carrier_message_ids jsonb, part_outcomes jsonb, sent_at timestamptz, submitted_at timestamptz, delivered_at timestamptz,
    failed_at timestamptz)`;

const SET_DELIVERY = `
  update message m set carrier = r.carrier, status = r.status, retry_count = r.retry_count, error_code = r.error_code,
    carrier_message_ids = r.carrier_message_ids, part_outcomes = r.part_outcomes, sent_at = r.sent_at, submitted_at = r.submitted_at,
    delivered_at = r.delivered_at, failed_at = r.failed_at`;

const DELIVERY_RECORD = `id varchar, carrier varchar, status varchar, retry_count integer, error_code varchar,
    carrier_message_ids jsonb, part_outcomes jsonb, sent_at timestamptz, submitted_at timestamptz, delivered_at timestamptz,
    failed_at timestamptz`;

const SAVE_DELIVERY = `${SET_DELIVERY}
  from ${countedRecordset('r', DELIVERY_RECORD)}
  where m.id = r.id`;

/** The rows still as their writer last read them: compared on what a receipt, a guard or a retry changes. */
const SAVE_DELIVERY_IF_UNCHANGED = `${SET_DELIVERY}
  from ${countedRecordset('r', `${DELIVERY_RECORD}, before_status varchar, before_retry_count integer, before_part_outcomes jsonb`)}
  where m.id = r.id and m.status = r.before_status and m.retry_count = r.before_retry_count and m.part_outcomes = r.before_part_outcomes
  returning m.id`;

const IDS = `array(select jsonb_array_elements_text(?::jsonb))`;

/** Locks in id order whatever the caller wants, so concurrent lockers cannot deadlock on the order. */
const LOCK_BY_IDS = `select ${MESSAGE_COLUMNS} from message m where m.id = any (${IDS}) order by m.id for update`;

const LOCK_BATCH_RANGE = `select ${MESSAGE_COLUMNS} from message m where m.batch_id = ? and m.batch_seq between ? and ? order by m.id for update`;

/** Serializes sends of the same key until commit; the text enters as its hash. */
/** One transaction-scoped advisory lock per duplicate key, taken in hash order (no deadlock between batches). */
const LOCK_DUPLICATE_KEYS = `
  select pg_advisory_xact_lock(h) from (
    select distinct hashtextextended(x->>'account_id' || '|' || (x->>'environment') || '|' || (x->>'phone') || '|' || md5(x->>'text'), 0) as h
    from jsonb_array_elements(?::jsonb) as e(x)
    order by h
  ) keys`;

const RECENT_DUPLICATES = `
  select e.n, d.* from jsonb_array_elements(?::jsonb) with ordinality as e(x, n)
  cross join lateral (
    select ${MESSAGE_COLUMNS} from message m
    where m.account_id = x->>'account_id' and m.phone = x->>'phone' and m.environment = x->>'environment'
      and m.created_at >= (x->>'since')::timestamptz and m.text = x->>'text' and m.status not in ('failed', 'rejected')
    order by m.created_at desc, m.id desc limit 1
  ) d`;

/** Messages in the `message` table; bulk writes go through `jsonb_to_recordset`, one statement per chunk. */
export class MikroOrmMessageRepository implements MessageRepository {
  constructor(private readonly database: Database) {}

  private get em(): EntityManager {
    return this.database.em;
  }

  async add(messages: readonly OutboundMessage[]): Promise<void> {
    for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
      const chunk = messages.slice(start, start + INSERT_CHUNK).map(messageRecord);
      await executeBound(this.database, INSERT, [JSON.stringify(chunk)]);
    }
  }

  async findRecentDuplicates(queries: readonly DuplicateQuery[]): Promise<readonly (OutboundMessage | undefined)[]> {
    if (queries.length === 0) return [];
    const keys = JSON.stringify(
      queries.map(({ key, since }) => ({ account_id: key.accountId, environment: key.environment, phone: key.phone, text: key.text, since: since.toISOString() })),
    );
    await this.em.execute(LOCK_DUPLICATE_KEYS, [keys]);
    const rows = await this.em.execute<(MessageRow & { n: string | number })[]>(RECENT_DUPLICATES, [keys]);
    const found = new Map(rows.map((row) => [Number(row.n), messageFromRow(row)]));
    return queries.map((_, index) => found.get(index + 1));
  }

  async find(accountId: string, id: string): Promise<OutboundMessage | undefined> {
    const rows = await this.em.execute<MessageRow[]>(`select ${MESSAGE_COLUMNS} from message m where m.id = ? and m.account_id = ?`, [id, accountId]);
    return rows[0] && messageFromRow(rows[0]);
  }

  async findMany(accountId: string, ids: readonly string[]): Promise<readonly OutboundMessage[]> {
    if (ids.length === 0) return [];
    const rows = await this.em.execute<MessageRow[]>(`select ${MESSAGE_COLUMNS} from message m where m.account_id = ? and m.id = any (${IDS})`, [
      accountId,
      JSON.stringify([...new Set(ids)]),
    ]);
    return rows.map(messageFromRow);
  }

  async list(query: MessageQuery): Promise<MessagePage> {
    const conditions = ['m.account_id = ?'];
    const values: unknown[] = [query.accountId];
    const where = (condition: string, value: unknown) => {
      conditions.push(condition);
      values.push(value);
    };
    if (query.environment !== null) where('m.environment = ?', query.environment);
    if (query.status !== undefined) where('m.status = ?', query.status);
    if (query.phone !== undefined) where('m.phone = ?', query.phone);
    if (query.batchId !== undefined) where('m.batch_id = ?', query.batchId);
    if (query.from !== undefined) where('m.created_at >= ?::timestamptz', query.from.toISOString());
    if (query.to !== undefined) where('m.created_at < ?::timestamptz', query.to.toISOString());
    const filter = conditions.join(' and ');
    const [counted] = await this.em.execute<{ total: string }[]>(`select count(*)::text as total from message m where ${filter}`, values);
    const rows = await this.em.execute<MessageRow[]>(
      `select ${MESSAGE_COLUMNS} from message m where ${filter} order by m.created_at desc, m.batch_seq desc nulls last, m.id desc limit ? offset ?`,
      [...values, query.limit, query.page * query.limit],
    );
    return { messages: rows.map(messageFromRow), total: Number(counted!.total) };
  }

  async batchTotals(accountId: string, batchId: string): Promise<BatchTotals> {
    const rows = await this.em.execute<{ status: string; count: string; cost: string; currency: string }[]>(
      `select m.status, count(*)::text as count, sum(m.cost)::text as cost, m.currency from message m
       where m.account_id = ? and m.batch_id = ? group by m.status, m.currency`,
      [accountId, batchId],
    );
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
    const rows = await this.em.execute<MessageRow[]>(
      `select ${MESSAGE_COLUMNS} from message m where m.account_id = ? and m.batch_id = ?
       order by m.created_at desc, m.batch_seq desc limit ? offset ?`,
      [accountId, batchId, limit, page * limit],
    );
    return rows.map(messageFromRow);
  }

  async lockByIds(ids: readonly string[]): Promise<readonly OutboundMessage[]> {
    if (ids.length === 0) return [];
    const rows = await this.em.execute<MessageRow[]>(LOCK_BY_IDS, [JSON.stringify([...new Set(ids)])]);
    return rows.map(messageFromRow);
  }

  async lockBatchRange(batchId: string, fromSeq: number, toSeq: number): Promise<readonly OutboundMessage[]> {
    const rows = await this.em.execute<MessageRow[]>(LOCK_BATCH_RANGE, [batchId, fromSeq, toSeq]);
    return rows.map(messageFromRow).sort((a, b) => a.batchSeq! - b.batchSeq!);
  }

  async lockByCarrierMessageId(carrier: string, carrierMessageId: string): Promise<OutboundMessage | undefined> {
    const rows = await this.em.execute<MessageRow[]>(
      `select ${MESSAGE_COLUMNS} from message m where m.carrier_message_ids @> ?::jsonb and m.carrier = ? limit 1 for update`,
      [JSON.stringify([carrierMessageId]), carrier],
    );
    return rows[0] && messageFromRow(rows[0]);
  }

  async saveDelivery(messages: readonly OutboundMessage[]): Promise<void> {
    for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
      await executeBound(this.database, SAVE_DELIVERY, recordsetParameters(messages.slice(start, start + INSERT_CHUNK).map(deliveryRecord)));
    }
  }

  async saveDeliveryIfUnchanged(changes: readonly DeliveryChange[]): Promise<ReadonlySet<string>> {
    if (changes.length === 0) return new Set();
    const records = changes.map(({ before, after }) => ({
      ...deliveryRecord(after),
      before_status: before.delivery.status,
      before_retry_count: before.delivery.retryCount,
      before_part_outcomes: before.delivery.partOutcomes,
    }));
    const rows = await executeBound<{ id: string }>(this.database, SAVE_DELIVERY_IF_UNCHANGED, recordsetParameters(records));
    return new Set(rows.map((row) => row.id));
  }
}
