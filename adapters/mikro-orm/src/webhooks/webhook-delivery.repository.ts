import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import {
  WebhookDelivery,
  type LoggedWebhookDelivery,
  type WebhookAttempt,
  type WebhookDeliveryPage,
  type WebhookDeliveryRepository,
  type WebhookDeliveryScope,
  type WebhookDeliveryStatus,
  type WebhookEnvironment,
} from '@tuma/webhooks';
import type { Database } from '../database/database.ts';
import type { Tables, WebhookAttemptTable, WebhookDeliveryTable } from '../database/tables.ts';
import { anyOf } from '../database/bound-texts.ts';

/** Rows per insert statement (a receipt batch can publish many events at once). */
const INSERT_CHUNK = 5_000;

/** A delivery's columns: a batch's go as JSON (its Dates as ISO text), a save's as bind parameters. */
const columnsOf = (delivery: WebhookDelivery) => {
  const s = delivery.toSnapshot();
  return {
    event_id: s.eventId,
    product: s.product,
    account_id: s.accountId,
    environment: s.environment,
    kind: s.kind,
    type: s.type,
    url: s.url,
    body: s.body,
    status: s.status,
    series: s.series,
    attempts: s.attempts,
    next_attempt_at: s.nextAttemptAt,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  } satisfies Insertable<WebhookDeliveryTable>;
};

const deliveryOf = (row: Selectable<WebhookDeliveryTable>): WebhookDelivery =>
  WebhookDelivery.rehydrate({
    eventId: row.event_id,
    product: row.product,
    accountId: row.account_id,
    environment: row.environment as WebhookEnvironment,
    kind: row.kind,
    type: row.type,
    url: row.url,
    body: row.body,
    status: row.status as WebhookDeliveryStatus,
    series: row.series,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });

const attemptOf = (row: Selectable<WebhookAttemptTable>): WebhookAttempt => ({
  eventId: row.event_id,
  series: row.series,
  attempt: row.attempt,
  url: row.url,
  at: new Date(row.at),
  statusCode: row.status_code,
  latencyMs: row.latency_ms,
  error: row.error,
  succeeded: row.succeeded,
});

const loggedOf = (row: Selectable<WebhookDeliveryTable> & { attempt_log: Selectable<WebhookAttemptTable>[] }): LoggedWebhookDelivery => ({
  delivery: deliveryOf(row),
  attempts: row.attempt_log.map(attemptOf),
});

/** The conditions of a scope: its owner, and its product and kind where given. */
const inScope = (scope: WebhookDeliveryScope) => (eb: ExpressionBuilder<Tables, 'webhook_delivery'>) =>
  eb.and([
    eb('account_id', '=', scope.accountId),
    eb('environment', '=', scope.environment),
    ...(scope.products === undefined ? [] : [eb('product', '=', anyOf(scope.products))]),
    ...(scope.kind === undefined ? [] : [eb('kind', '=', scope.kind)]),
  ]);

/**
 * A delivery's attempts, read with its row in one statement: one snapshot, so a delivery is never
 * shown pending beside the attempt that delivered it (two reads could fall either side of a commit).
 */
const ATTEMPT_LOG = sql<Selectable<WebhookAttemptTable>[]>`coalesce((select json_agg(a order by a.series, a.attempt) from webhook_attempt a where a.event_id = webhook_delivery.event_id), '[]')`.as('attempt_log');

/** The webhook outbox (`webhook_delivery`) and its attempt log (`webhook_attempt`). */
export class MikroOrmWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(private readonly database: Database) {}

  async add(deliveries: readonly WebhookDelivery[]): Promise<void> {
    for (let start = 0; start < deliveries.length; start += INSERT_CHUNK) {
      // One JSON parameter per chunk, whatever its size.
      const records = JSON.stringify(deliveries.slice(start, start + INSERT_CHUNK).map(columnsOf));
      await sql`
        insert into webhook_delivery (event_id, product, account_id, environment, kind, type, url, body, status, series, attempts, next_attempt_at, created_at, updated_at)
        select r.event_id, r.product, r.account_id, r.environment, r.kind, r.type, r.url, r.body, r.status, r.series, r.attempts, r.next_attempt_at, r.created_at, r.updated_at
        from jsonb_to_recordset(${records}::jsonb) as r (event_id varchar, product varchar, account_id varchar, environment varchar, kind varchar, type varchar, url text, body text,
          status varchar, series integer, attempts integer, next_attempt_at timestamptz, created_at timestamptz, updated_at timestamptz)`.execute(this.database.query);
    }
  }

  async find(eventId: string, options: { readonly lock?: boolean } = {}): Promise<WebhookDelivery | undefined> {
    const found = this.database.query.selectFrom('webhook_delivery').selectAll().where('event_id', '=', eventId);
    const row = await (options.lock ? found.forUpdate() : found).executeTakeFirst();
    return row && deliveryOf(row);
  }

  async recordAttempt(delivery: WebhookDelivery, a: WebhookAttempt): Promise<void> {
    await this.database.query
      .insertInto('webhook_attempt')
      .values({ event_id: a.eventId, series: a.series, attempt: a.attempt, url: a.url, at: a.at, status_code: a.statusCode, latency_ms: a.latencyMs, error: a.error, succeeded: a.succeeded })
      .execute();
    await this.save(delivery);
  }

  async save(delivery: WebhookDelivery): Promise<void> {
    const r = columnsOf(delivery);
    await this.database.query
      .updateTable('webhook_delivery')
      .set({ url: r.url, status: r.status, series: r.series, attempts: r.attempts, next_attempt_at: r.next_attempt_at, updated_at: r.updated_at })
      .where('event_id', '=', r.event_id)
      .execute();
  }

  async findLogged(scope: WebhookDeliveryScope, eventId: string): Promise<LoggedWebhookDelivery | undefined> {
    const row = await this.database.query.selectFrom('webhook_delivery').selectAll().select(ATTEMPT_LOG).where('event_id', '=', eventId).where(inScope(scope)).executeTakeFirst();
    return row && loggedOf(row);
  }

  async list(scope: WebhookDeliveryScope, page: number, limit: number): Promise<WebhookDeliveryPage> {
    const matching = this.database.query.selectFrom('webhook_delivery').where(inScope(scope));
    const rows = await matching.selectAll().select(ATTEMPT_LOG).orderBy('created_at', 'desc').orderBy('event_id', 'desc').limit(limit).offset(page * limit).execute();
    const count = await matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    return { deliveries: rows.map(loggedOf), total: Number(count.total) };
  }

  /** The oldest finished deliveries past the retention (their attempts cascade); a row being delivered right now (locked) waits for the next round. */
  async purgeFinished(before: Date, limit: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      with doomed as (
        select event_id from webhook_delivery where created_at < ${before.toISOString()}::timestamptz and status <> 'pending'
        order by created_at limit ${limit} for update skip locked
      ), deleted as (
        delete from webhook_delivery d using doomed where d.event_id = doomed.event_id returning 1
      )
      select count(*)::int as n from deleted`.execute(this.database.query);
    return rows[0]!.n;
  }
}
