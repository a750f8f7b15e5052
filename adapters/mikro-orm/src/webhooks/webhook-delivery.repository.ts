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
import { executeBound } from '../database/bound-statement.ts';

interface DeliveryRow {
  event_id: string;
  product: string;
  account_id: string;
  environment: string;
  kind: string;
  type: string;
  url: string;
  body: string;
  status: string;
  series: number;
  attempts: number;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface LoggedRow extends DeliveryRow {
  attempt_log: AttemptRow[] | string;
}

interface AttemptRow {
  event_id: string;
  series: number;
  attempt: number;
  url: string;
  at: Date | string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  succeeded: boolean;
}

const COLUMNS = 'event_id, product, account_id, environment, kind, type, url, body, status, series, attempts, next_attempt_at, created_at, updated_at';
const ATTEMPT_COLUMNS = 'event_id, series, attempt, url, at, status_code, latency_ms, error, succeeded';

/** Rows per insert statement (a receipt batch can publish many events at once). */
const INSERT_CHUNK = 5_000;

const INSERT = `
  insert into webhook_delivery (${COLUMNS})
  select r.event_id, r.product, r.account_id, r.environment, r.kind, r.type, r.url, r.body, r.status, r.series, r.attempts, r.next_attempt_at, r.created_at, r.updated_at
  from jsonb_to_recordset(?::jsonb) as r (event_id varchar, product varchar, account_id varchar, environment varchar, kind varchar, type varchar, url text, body text,
    status varchar, series integer, attempts integer, next_attempt_at timestamptz, created_at timestamptz, updated_at timestamptz)`;

const SAVE = `
  update webhook_delivery set url = ?, status = ?, series = ?, attempts = ?, next_attempt_at = ?::timestamptz, updated_at = ?::timestamptz
  where event_id = ?`;

const LOG_ATTEMPT = `insert into webhook_attempt (${ATTEMPT_COLUMNS}) values (?, ?, ?, ?, ?::timestamptz, ?, ?, ?, ?)`;

/**
 * A delivery row with its attempts, read in one statement: one snapshot, so a delivery is never
 * shown pending beside the attempt that delivered it (two reads could fall either side of a commit).
 */
const LOGGED_COLUMNS = `${COLUMNS.split(', ').map((column) => `d.${column}`).join(', ')},
  coalesce((select json_agg(json_build_object(${ATTEMPT_COLUMNS.split(', ').map((column) => `'${column}', a.${column}`).join(', ')}) order by a.series, a.attempt)
    from webhook_attempt a where a.event_id = d.event_id), '[]') as attempt_log`;

/** The oldest finished deliveries past the retention (their attempts cascade); a row being delivered right now (locked) waits for the next round. */
const PURGE = `
  with doomed as (
    select event_id from webhook_delivery where created_at < ?::timestamptz and status <> 'pending'
    order by created_at limit ? for update skip locked
  ), deleted as (
    delete from webhook_delivery d using doomed where d.event_id = doomed.event_id returning 1
  )
  select count(*)::int as n from deleted`;

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

const record = (delivery: WebhookDelivery) => {
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
    next_attempt_at: iso(s.nextAttemptAt),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
};

const deliveryOf = (row: DeliveryRow): WebhookDelivery =>
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
    series: Number(row.series),
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });

const attemptOf = (row: AttemptRow): WebhookAttempt => ({
  eventId: row.event_id,
  series: Number(row.series),
  attempt: Number(row.attempt),
  url: row.url,
  at: new Date(row.at),
  statusCode: row.status_code === null ? null : Number(row.status_code),
  latencyMs: Number(row.latency_ms),
  error: row.error,
  succeeded: row.succeeded,
});

const loggedOf = (row: LoggedRow): LoggedWebhookDelivery => ({
  delivery: deliveryOf(row),
  attempts: (typeof row.attempt_log === 'string' ? (JSON.parse(row.attempt_log) as AttemptRow[]) : row.attempt_log).map(attemptOf),
});

/** The conditions of a scope: its owner, and its product and kind where given. */
function scopeWhere(scope: WebhookDeliveryScope): { sql: string; params: string[] } {
  const conditions: [string, string][] = [
    ['d.account_id = ?', scope.accountId],
    ['d.environment = ?', scope.environment],
    ...(scope.products === undefined ? [] : ([['d.product = any (array(select jsonb_array_elements_text(?::jsonb)))', JSON.stringify(scope.products)]] as [string, string][])),
    ...(scope.kind === undefined ? [] : ([['d.kind = ?', scope.kind]] as [string, string][])),
  ];
  return { sql: conditions.map(([condition]) => condition).join(' and '), params: conditions.map(([, value]) => value) };
}

/** The webhook outbox (`webhook_delivery`) and its attempt log (`webhook_attempt`). */
export class MikroOrmWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(private readonly database: Database) {}

  async add(deliveries: readonly WebhookDelivery[]): Promise<void> {
    for (let start = 0; start < deliveries.length; start += INSERT_CHUNK) {
      await executeBound(this.database, INSERT, [JSON.stringify(deliveries.slice(start, start + INSERT_CHUNK).map(record))]);
    }
  }

  async find(eventId: string, options: { readonly lock?: boolean } = {}): Promise<WebhookDelivery | undefined> {
    const rows = await this.database.em.execute<DeliveryRow[]>(`select ${COLUMNS} from webhook_delivery where event_id = ?${options.lock ? ' for update' : ''}`, [eventId]);
    return rows[0] && deliveryOf(rows[0]);
  }

  async recordAttempt(delivery: WebhookDelivery, attempt: WebhookAttempt): Promise<void> {
    const a = attempt;
    await this.database.em.execute(LOG_ATTEMPT, [a.eventId, a.series, a.attempt, a.url, a.at.toISOString(), a.statusCode, a.latencyMs, a.error, a.succeeded], 'run');
    await this.save(delivery);
  }

  async save(delivery: WebhookDelivery): Promise<void> {
    const r = record(delivery);
    await this.database.em.execute(SAVE, [r.url, r.status, r.series, r.attempts, r.next_attempt_at, r.updated_at, r.event_id], 'run');
  }

  async findLogged(scope: WebhookDeliveryScope, eventId: string): Promise<LoggedWebhookDelivery | undefined> {
    const where = scopeWhere(scope);
    const rows = await this.database.em.execute<LoggedRow[]>(`select ${LOGGED_COLUMNS} from webhook_delivery d where d.event_id = ? and ${where.sql}`, [eventId, ...where.params]);
    return rows.map(loggedOf)[0];
  }

  async list(scope: WebhookDeliveryScope, page: number, limit: number): Promise<WebhookDeliveryPage> {
    const em = this.database.em;
    const where = scopeWhere(scope);
    const rows = await em.execute<LoggedRow[]>(`select ${LOGGED_COLUMNS} from webhook_delivery d where ${where.sql} order by d.created_at desc, d.event_id desc limit ? offset ?`, [
      ...where.params,
      limit,
      page * limit,
    ]);
    const [count] = await em.execute<{ total: string | number }[]>(`select count(*) as total from webhook_delivery d where ${where.sql}`, where.params);
    return { deliveries: rows.map(loggedOf), total: Number(count!.total) };
  }

  async purgeFinished(before: Date, limit: number): Promise<number> {
    const [row] = await this.database.em.execute<{ n: number }[]>(PURGE, [before.toISOString(), limit]);
    return row!.n;
  }
}
