import { expect } from 'chai';
import { databaseKind, testDatabase } from '../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../support/test-server.ts';
import { ok } from '../support/responses.ts';
import { until } from '../support/until.ts';

const BACKLOG = 10_000;

/**
 * A customer's OTP must not wait behind another customer's burst: with account A holding 10,000
 * single sends queued for the carrier, account B's one message reaches the carrier within seconds,
 * while most of A's are still waiting.
 */
describe(`Dispatch fairness across accounts on ${databaseKind()}`, function () {
  this.timeout(120_000);
  let api: TestServer;


  async function customer(email: string): Promise<{ id: string; key: string }> {
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email } }), 201);
    const key = ok(await api.request('POST', `/api/admin/accounts/${account.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201);
    ok(await api.request('POST', `/api/admin/balances/${account.id}/credit`, { key: ADMIN_KEY, body: { amount: 1000, reason: 'fairness', reference: `fair-${email}` } }));
    return { id: account.id, key: key.key };
  }

  /**
   * A's backlog, made the fast way: copies of one real scheduled send of A (its message row and its
   * pg-boss job, every column as the code wrote them), each with its own id and number, due now.
   */
  async function backlogOf(templateId: string): Promise<void> {
    const database = await testDatabase();
    await database.withContext(async () => {
      const sql = database.em.getConnection();
      await sql.execute(
        `insert into message select (jsonb_populate_record(null::message, to_jsonb(m) || jsonb_build_object(
           'id', 'msg_fairbacklog' || lpad(g::text, 14, '0'), 'phone', '+2547' || lpad(g::text, 8, '0'), 'scheduled_at', null))).*
         from message m, generate_series(1, ${BACKLOG}) g where m.id = ?`,
        [templateId],
      );
      await sql.execute(
        `insert into pgboss.job select (jsonb_populate_record(null::pgboss.job, to_jsonb(j) || jsonb_build_object(
           'id', gen_random_uuid(), 'start_after', now(), 'data', jsonb_build_object('messageId', 'msg_fairbacklog' || lpad(g::text, 14, '0'), 'attempt', 0)))).*
         from pgboss.job j, generate_series(1, ${BACKLOG}) g where j.name = 'messaging.submit-message' and j.data->>'messageId' = ?`,
        [templateId],
      );
    });
  }

  const waitingOf = async (accountId: string): Promise<number> => {
    const database = await testDatabase();
    return database.withContext(async () => {
      const [row] = await database.em.getConnection().execute<{ n: number }[]>(`select count(*)::int as n from message where account_id = ? and status = 'queued'`, [accountId]);
      return row!.n;
    });
  };

  before(async () => {
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: 'delivered=1,failed=0,expired=0,refused=0', JOB_POLLING_SECONDS: '0.5' });
  });
  after(() => api.stop());

  it(`hands B's one message to the carrier within seconds while A has ${BACKLOG.toLocaleString('en-US')} single sends queued`, async function () {
    if (databaseKind() !== 'postgresql') {
      this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); embedded PGlite runs one statement at a time, so no two accounts are ever dispatched side by side]';
      this.skip();
    }
    const a = await customer('burst@shop.example');
    const b = await customer('otp@bank.example');
    const template = ok(
      await api.request('POST', '/api/messages/send', {
        key: a.key,
        body: { to: '+254700000000', text: 'Flash sale!', schedule_mode: 'scheduled', scheduled_at: new Date(Date.now() + 3_600_000).toISOString() },
      }),
    );
    await backlogOf(template.id);
    await until('A to be dispatching', () => waitingOf(a.id), (waiting) => waiting < BACKLOG + 1);

    const otp = ok(await api.request('POST', '/api/messages/send', { key: b.key, body: { to: '+254711222333', text: 'Your code is 424242' } }));
    const accepted = Date.now();
    await until(`B's message at the carrier`, async () => ok(await api.request('GET', `/api/messages/${otp.id}`, { key: b.key })).status, (status) => status === 'submitted' || status === 'delivered', 10_000);
    const waited = Date.now() - accepted;
    const aStillWaiting = await waitingOf(a.id);
    expect(waited, `B waited ${waited} ms`).to.be.lessThan(5_000);
    expect(aStillWaiting, 'A had most of its backlog still queued when B went through').to.be.greaterThan(BACKLOG / 2);
  });
});
