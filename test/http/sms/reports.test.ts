import { expect } from 'chai';
import { reportMessage, type ReportMessageSpec } from '@tuma/messaging/testing/contracts';
import { MikroOrmMessageRepository } from '@tuma/mikro-orm-adapter';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

/** Simulator magic number (docs/carriers.md): refused for good at submission, so refunded. */
const KE_REFUSED = '+254715550001';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What a report says of a set of messages (the API's summary shape), counted here straight from `message`. */
const SUMMARY = `
  count(*)::int as messages, coalesce(sum(segments), 0)::int as segments,
  count(*) filter (where status = 'delivered')::int as delivered, count(*) filter (where status = 'failed')::int as failed,
  count(*) filter (where status = 'rejected')::int as rejected, count(*) filter (where status in ('queued', 'sent', 'submitted'))::int as pending,
  coalesce(sum(cost), 0)::float8 as cost, coalesce(sum(cost) filter (where refunded), 0)::float8 as refunded,
  (coalesce(sum(cost), 0) - coalesce(sum(cost) filter (where refunded), 0))::float8 as spend`;

/** The messages of the refund rule: rejected, or failed with no carrier id and no receipt. */
const MESSAGES = `(select *, status = 'rejected' or (status = 'failed' and jsonb_array_length(carrier_message_ids) = 0
  and jsonb_array_length(part_outcomes) = 0) as refunded from message) m`;

const rate = (delivered: number, failed: number): number | null => (delivered + failed === 0 ? null : Math.round((delivered * 10_000) / (delivered + failed)) / 10_000);
const withRate = <T extends { delivered: number; failed: number }>(row: T) => ({ ...row, delivery_rate: rate(row.delivered, row.failed) });

describe(`HTTP reports on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let liveKey: string;
  let testKey: string;
  let accountId: string;
  let checkoutKey: { id: string; prefix: string; key: string };
  let otherKey: string;
  let otherAccountId: string;
  let batchId: string;

  const get = (path: string, key = liveKey) => api.request('GET', path, { key });
  const sql = async <T = any>(query: string, params: unknown[] = []): Promise<T[]> => {
    const database = await testDatabase();
    return database.withContext(() => database.em.execute<T[]>(query, params));
  };
  const credit = async (account: string, amount: number, reference: string) =>
    ok(await api.request('POST', `/api/admin/balances/${account}/credit`, { key: ADMIN_KEY, body: { amount, reason: 'test credit', reference } }));
  const issueKey = async (account: string, body: object) => ok(await api.request('POST', `/api/admin/accounts/${account}/keys`, { key: ADMIN_KEY, body }), 201);

  const pendingOf = async (account: string) =>
    (await sql<{ n: number }>(`select count(*)::int as n from message where account_id = ? and status in ('queued', 'sent', 'submitted')`, [account]))[0]!.n;

  /** The summary of the messages matching `where` (over `m`), one row per `groupBy` value when given. */
  const summaries = (where: string, params: unknown[], groupBy?: string) =>
    sql(`select ${groupBy ? `${groupBy} as key, ` : ''}${SUMMARY} from ${MESSAGES} where ${where}${groupBy ? ` group by 1 order by 1` : ''}`, params);
  const inWindow = (environment = 'live') => `m.account_id = ? and m.environment = '${environment}' and m.created_at >= ?::timestamptz and m.created_at < ?::timestamptz`;
  const windowOf = (body: { date_from: string; date_to: string }, account = accountId) => [account, body.date_from, body.date_to];
  const byStatus = async (where: string, params: unknown[]) => {
    const counts = { queued: 0, sent: 0, submitted: 0, delivered: 0, failed: 0, rejected: 0 } as Record<string, number>;
    for (const row of await sql<{ status: string; n: number }>(`select status, count(*)::int as n from ${MESSAGES} where ${where} group by status`, params)) counts[row.status] = row.n;
    return counts;
  };

  before(async () => {
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL });
    ({ liveKey, testKey, accountId } = api.started.demo!);
    await credit(accountId, 50, 'reports-suite');
    checkoutKey = await issueKey(accountId, { environment: 'live', name: 'Checkout' });
    const other = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'other.reporter@example.com' } }), 201);
    otherAccountId = other.id;
    otherKey = (await issueKey(otherAccountId, { environment: 'live' })).key;
    await credit(otherAccountId, 20, 'reports-suite-other');

    // Real sends: a single one, a refused one (refunded), a bulk send, a test send, and the other account's.
    ok(await api.request('POST', '/api/messages/send', { key: liveKey, body: { to: '+254712345678', text: 'Habari from reports' } }));
    ok(await api.request('POST', '/api/messages/send', { key: checkoutKey.key, body: { to: KE_REFUSED, text: 'Refused' } }));
    const bulk = { recipients: [{ to: '+254712000001' }, { to: '+254712000002' }, { to: '+2348031234567' }], text: 'Hello {{phone}}' };
    batchId = ok(await api.request('POST', '/api/messages/send-bulk', { key: liveKey, body: bulk })).batch_id;
    ok(await api.request('POST', '/api/messages/send', { key: testKey, body: { to: '+254712345678', text: 'Sandbox' } }));
    ok(await api.request('POST', '/api/messages/send', { key: otherKey, body: { to: '+254733000111', text: 'Other account' } }));
    ok(await api.request('POST', '/api/messages/send', { key: otherKey, body: { to: KE_REFUSED, text: 'Other, refused' } }));

    // Stored messages with chosen outcomes and dates: inside and outside the default windows and the last hour.
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const [liveKeyRow] = await sql<{ id: string }>(`select id from api_key where prefix = ?`, [liveKey.slice(0, 17)]);
    const own = (spec: Omit<ReportMessageSpec, 'account'>): ReportMessageSpec => ({ account: accountId, apiKeyId: liveKeyRow!.id, ...spec });
    const platform = (spec: Omit<ReportMessageSpec, 'account'>): ReportMessageSpec => ({ account: otherAccountId, apiKeyId: null, ...spec });
    const stored: ReportMessageSpec[] = [
      own({ createdAt: ago(2 * DAY), outcome: 'delivered', segments: 2, cost: '0.123457' }),
      own({ createdAt: ago(2 * DAY), outcome: 'failed_by_carrier', country: 'NG', cost: '0.250001' }),
      own({ createdAt: ago(5 * DAY), outcome: 'failed_before_carrier', country: 'NG', cost: '0.250001' }),
      own({ createdAt: ago(5 * DAY), outcome: 'cancelled', country: 'GH', segments: 3, cost: '0.333333', apiKeyId: checkoutKey.id }),
      own({ createdAt: ago(9 * DAY), outcome: 'opted_out' }),
      own({ createdAt: ago(20 * DAY), outcome: 'delivered', country: 'GH', cost: '1.000001' }),
      own({ createdAt: ago(45 * DAY), outcome: 'delivered', cost: '9.999999' }),
      own({ createdAt: ago(3 * DAY), outcome: 'delivered', environment: 'test', cost: '0.5' }),
      // The last hour on SVC_KE: 12 live outcomes across the two accounts, so the platform figures show; SVC_NG stays below.
      ...[5, 10, 15, 20, 25, 30].map((minutes) => own({ createdAt: ago(minutes * 60_000 + 1_000), sentAt: ago(minutes * 60_000), outcome: 'delivered', deliveryMs: minutes * 100 })),
      own({ createdAt: ago(40 * 60_000), sentAt: ago(35 * 60_000), outcome: 'failed_by_carrier' }),
      own({ createdAt: ago(2 * HOUR), sentAt: ago(2 * HOUR), outcome: 'delivered' }),
      ...[6, 12, 18].map((minutes) => platform({ createdAt: ago(minutes * 60_000), sentAt: ago(minutes * 60_000), outcome: 'delivered', deliveryMs: 7_000 })),
      platform({ createdAt: ago(50 * 60_000), sentAt: ago(50 * 60_000), outcome: 'failed_by_carrier' }),
      platform({ createdAt: ago(50 * 60_000), sentAt: ago(50 * 60_000), outcome: 'failed_by_carrier', country: 'NG' }),
    ];
    const database = await testDatabase();
    await database.withContext(() => new MikroOrmMessageRepository(database).add(stored.map(reportMessage)));
    await until('the bulk members written', async () => (await sql<{ n: number }>(`select count(*)::int as n from message where batch_id = ?`, [batchId]))[0]!.n, (n) => n === 3);
    await until('every message final', async () => (await pendingOf(accountId)) + (await pendingOf(otherAccountId)), (pending) => pending === 0);
  });
  after(async () => api.stop());

  it('stats agree with a direct count of the messages of the window they state (default: the last 30 days)', async () => {
    const stats = ok(await get('/api/messages/stats'));
    expect(Date.parse(stats.date_to) - Date.parse(stats.date_from)).to.equal(30 * DAY);
    const [expected] = await summaries(inWindow(), windowOf(stats));
    expect(stats).to.deep.equal({
      environment: 'live',
      currency: 'USD',
      date_from: stats.date_from,
      date_to: stats.date_to,
      ...withRate(expected),
      by_status: await byStatus(inWindow(), windowOf(stats)),
    });
    expect(stats.messages, 'real sends and stored messages').to.be.greaterThan(10);

    const days = ok(await get('/api/messages/stats?date_from=2020-01-01&date_to=2020-12-31'));
    expect(days).to.include({ date_from: '2020-01-01T00:00:00.000Z', date_to: '2021-01-01T00:00:00.000Z', messages: 0, delivery_rate: null, spend: 0 });
  });

  it('volume has one entry per UTC day ending today, gap-filled, agreeing with direct counts per day', async () => {
    for (const days of [14, 3, 90]) {
      const volume = ok(await get(days === 14 ? '/api/messages/volume' : `/api/messages/volume?days=${days}`));
      expect(volume.days).to.equal(days);
      const dates = volume.daily.map((d: { date: string }) => d.date);
      expect(dates).to.have.length(days);
      expect(volume.date_from.slice(10)).to.equal('T00:00:00.000Z');
      expect(dates[0]).to.equal(volume.date_from.slice(0, 10));
      expect(dates.at(-1)).to.equal(new Date(Date.parse(volume.date_to) - 1).toISOString().slice(0, 10));
      dates.forEach((date: string, i: number) => i > 0 && expect(Date.parse(date) - Date.parse(dates[i - 1])).to.equal(DAY));
      const counted = new Map((await summaries(inWindow(), windowOf(volume), `to_char((m.created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`)).map((row) => [row.key, row]));
      expect(volume.daily).to.deep.equal(
        dates.map((date: string) => {
          const row = counted.get(date);
          return { date, messages: row?.messages ?? 0, delivered: row?.delivered ?? 0, failed: row?.failed ?? 0, pending: row?.pending ?? 0, rejected: row?.rejected ?? 0 };
        }),
      );
    }
  });

  it('reports totals, counts per status, per country and per day that agree with direct counts and with each other', async () => {
    const report = ok(await get('/api/reports'));
    const params = windowOf(report);
    const [totals] = await summaries(inWindow(), params);
    expect(report.totals).to.deep.equal(withRate(totals));
    expect(report.by_status).to.deep.equal(await byStatus(inWindow(), params));
    const countries = await summaries(inWindow(), params, 'm.country');
    expect(report.by_country).to.have.deep.members(countries.map(({ key, ...row }) => ({ country: key, ...withRate(row) })));
    expect(report.by_country.map((c: { messages: number }) => c.messages)).to.deep.equal([...report.by_country.map((c: { messages: number }) => c.messages)].sort((a, b) => b - a));
    const days = new Map((await summaries(inWindow(), params, `to_char((m.created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`)).map((row) => [row.key, row]));
    expect(report.daily).to.have.length(31);
    for (const day of report.daily) {
      const { key: _key, ...row } = days.get(day.date) ?? { messages: 0, segments: 0, delivered: 0, failed: 0, rejected: 0, pending: 0, cost: 0, refunded: 0, spend: 0 };
      expect(day).to.deep.equal({ date: day.date, ...withRate(row) });
    }
    const sum = (field: string) => report.daily.reduce((total: number, day: Record<string, number>) => total + day[field]!, 0);
    expect(sum('messages')).to.equal(report.totals.messages);
    expect(sum('spend')).to.be.closeTo(report.totals.spend, 1e-9);
  });

  it('breaks spend down by bulk send (single messages as one row) and by API key, agreeing with direct sums', async () => {
    const breakdown = ok(await get('/api/reports/breakdown'));
    const params = windowOf(breakdown);
    const [batch] = await sql(`select cost::float8 as cost, text, extract(epoch from created_at) * 1000 as created_ms from message_batch where id = ?`, [batchId]);
    const [members] = await summaries(`${inWindow()} and m.batch_id = ?`, [...params, batchId]);
    const [singles] = await summaries(`${inWindow()} and m.batch_id is null`, params);
    expect(breakdown.campaign_count).to.equal(2);
    expect(breakdown.campaigns).to.have.deep.members([
      { batch_id: batchId, text: batch.text, created_at: new Date(Number(batch.created_ms)).toISOString(), recipients: 3, charged: batch.cost, ...withRate(members) },
      { batch_id: null, text: null, created_at: null, recipients: null, charged: null, ...withRate(singles) },
    ]);
    const keys = await sql(
      `select s.*, k.prefix, k.name from (select m.api_key_id as key, ${SUMMARY} from ${MESSAGES} where ${inWindow()} group by 1) s left join api_key k on k.id = s.key`,
      params,
    );
    expect(breakdown.api_keys).to.have.deep.members(keys.map(({ key, prefix, name, ...row }) => ({ api_key_id: key, prefix, name, ...withRate(row) })));
    expect(breakdown.api_keys.find((k: { api_key_id: string }) => k.api_key_id === checkoutKey.id)).to.include({ prefix: checkoutKey.prefix, name: 'Checkout' });
    const spends = breakdown.api_keys.map((k: { spend: number }) => k.spend);
    expect(spends).to.deep.equal([...spends].sort((a, b) => b - a));

    const limited = ok(await get('/api/reports/breakdown?limit=1'));
    expect(limited).to.include({ campaign_count: 2, limit: 1 });
    expect(limited.campaigns).to.deep.equal(breakdown.campaigns.slice(0, 1));
  });

  it('counts spend net of refunds: what the wallet paid, by its ledger', async () => {
    const report = ok(await get('/api/reports', otherKey));
    const balance = ok(await get('/api/balance', otherKey)).balance;
    const stored = (await summaries(`m.account_id = ? and m.api_key_id is null`, [otherAccountId]))[0];
    expect(report.totals.refunded).to.be.greaterThan(0);
    expect(report.totals.spend - stored.spend).to.be.closeTo(20 - balance, 1e-9);
  });

  it('serves /api/routes/health (not taken for a route code): the account’s submissions of the last hour and the platform’s, by direct counts', async () => {
    const health = ok(await get('/api/routes/health'));
    expect(Date.parse(health.date_to) - Date.parse(health.date_from)).to.equal(HOUR);
    const lastHour = `m.sent_at >= ?::timestamptz and m.sent_at < ?::timestamptz`;
    const hour = [health.date_from, health.date_to];
    const outcomes = `count(*)::int as attempted, count(*) filter (where status = 'delivered')::int as delivered, count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status in ('queued', 'sent', 'submitted'))::int as pending,
      percentile_cont(0.5) within group (order by (extract(epoch from delivered_at - sent_at) * 1000)::float8) filter (where status = 'delivered') as median_ms`;
    const own = await sql(`select route_code as route, ${outcomes} from message m where account_id = ? and environment = 'live' and ${lastHour} group by 1`, [accountId, ...hour]);
    const all = await sql(`select route_code as route, ${outcomes} from message m where environment = 'live' and ${lastHour} group by 1`, hour);
    const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms) / 1000);
    expect(health.routes.map((r: { route: string }) => r.route)).to.deep.equal(all.map((r) => r.route).sort());
    for (const route of health.routes) {
      const { route: _route, median_ms, ...mine } = own.find((r) => r.route === route.route) ?? { attempted: 0, delivered: 0, failed: 0, pending: 0, median_ms: null };
      expect(route.account).to.deep.equal({ ...withRate(mine), median_delivery_seconds: seconds(median_ms) });
      const platform = all.find((r) => r.route === route.route)!;
      expect(route.platform).to.deep.equal(
        platform.delivered + platform.failed >= 10 ? { delivery_rate: rate(platform.delivered, platform.failed), median_delivery_seconds: seconds(platform.median_ms) } : null,
      );
    }
    const kenya = health.routes.find((r: { route: string }) => r.route === 'SVC_KE');
    expect(kenya.platform, 'twelve and more outcomes').to.not.equal(null);
    expect(health.routes.find((r: { route: string }) => r.route === 'SVC_NG').platform, 'too few outcomes').to.equal(null);
    expect(ok(await get('/api/routes/SVC_KE'))).to.include({ code: 'SVC_KE' });
  });

  it('shows test keys their test messages only; live keys ask for them with environment=test', async () => {
    const test = ok(await get('/api/messages/stats?environment=live', testKey));
    const [expected] = await summaries(inWindow('test'), windowOf(test));
    expect(test).to.include({ environment: 'test', messages: expected.messages, spend: expected.spend });
    expect(expected.messages).to.equal(2);
    const asked = ok(await get(`/api/messages/stats?environment=test&date_from=${test.date_from}&date_to=${test.date_to}`));
    expect(asked).to.deep.equal(test);
    const volume = ok(await get('/api/messages/volume', testKey));
    expect(volume.daily.reduce((n: number, d: { messages: number }) => n + d.messages, 0)).to.equal(2);
  });

  it('keeps accounts apart: another account sees its own messages only', async () => {
    const other = ok(await get('/api/reports', otherKey));
    const [expected] = await summaries(inWindow(), windowOf(other, otherAccountId));
    expect(other.totals).to.deep.equal(withRate(expected));
    const breakdown = ok(await get('/api/reports/breakdown', otherKey));
    expect(breakdown.campaigns.map((c: { batch_id: string | null }) => c.batch_id)).to.deep.equal([null]);
    expect(breakdown.api_keys.map((k: { api_key_id: string | null }) => k.api_key_id)).not.to.include(checkoutKey.id);
  });

  it('serves every report under /v1 with the same body', async () => {
    const window = 'date_from=2026-01-01&date_to=2026-12-31';
    for (const path of [`/messages/stats?${window}`, '/messages/volume?days=7', `/reports?${window}`, `/reports/breakdown?${window}`]) {
      expect(ok(await get(`/v1${path}`)), path).to.deep.equal(ok(await get(`/api${path}`)));
    }
    expect(ok(await get('/v1/routes/health')).routes).to.deep.equal(ok(await get('/api/routes/health')).routes);
  });

  it('answers 422 naming the query parameter for bad days, dates, windows and limits, under /api and /v1', async () => {
    const cases: [string, string][] = [
      ['/messages/volume?days=0', 'days'],
      ['/messages/volume?days=91', 'days'],
      ['/messages/volume?days=1.5', 'days'],
      ['/messages/volume?days=two', 'days'],
      ['/messages/stats?date_from=yesterday', 'date_from'],
      ['/messages/stats?date_from=2026-02-30', 'date_from'],
      ['/reports?date_to=2026-11-21T10:00:00', 'date_to'],
      ['/reports?date_from=2026-11-21&date_to=2026-11-01', 'date_to'],
      ['/reports?date_from=2026-11-21T10:00:00Z&date_to=2026-11-21T10:00:00Z', 'date_to'],
      ['/reports/breakdown?date_from=2024-01-01&date_to=2025-01-03', 'date_from'],
      ['/reports/breakdown?limit=0', 'limit'],
      ['/reports/breakdown?limit=501', 'limit'],
      ['/messages/stats?environment=all', 'environment'],
    ];
    for (const [path, field] of cases) {
      for (const prefix of ['/api', '/v1']) {
        const res = await get(`${prefix}${path}`);
        expect(res.status, `${prefix}${path}`).to.equal(422);
        expect(res.body.error.code).to.equal('validation_error');
        expect(res.body.error.details.map((d: { path: string; in: string }) => [d.path, d.in]), `${prefix}${path}`).to.deep.equal([[field, 'query']]);
      }
    }
    ok(await get('/api/reports?date_from=2024-01-01&date_to=2024-12-31'));
  });

  it('needs a customer key with the query or send scope', async () => {
    const webhooksOnly = (await issueKey(accountId, { environment: 'live', scopes: ['webhooks'] })).key;
    for (const path of ['/api/messages/stats', '/api/messages/volume', '/api/routes/health', '/api/reports', '/api/reports/breakdown']) {
      expect((await get(path, webhooksOnly)).status, path).to.equal(403);
      expect((await get(path, ADMIN_KEY)).status, path).to.equal(403);
      expect((await api.request('GET', path)).status, path).to.equal(401);
    }
  });
});
