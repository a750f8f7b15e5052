import { expect } from 'chai';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';
import { until } from '../../support/until.ts';

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
   * A's backlog, made the fast way: copies of one real scheduled send of A (its message row, every
   * column as the code wrote it), each with its own id and number, due now, and their submissions:
   * copies of its pg-boss job, either one per message (as scheduled sends and retries have) or, as
   * the sends of one group commit due now have, `messaging.submit-messages` jobs of 32.
   */
  async function backlogOf(templateId: string, jobs: 'one per message' | 'shared'): Promise<void> {
    const database = await testDatabase();
    const id = (g: string) => `'msg_fairbacklo${jobs === 'shared' ? 's' : 'o'}' || lpad(${g}::text, 14, '0')`;
    await database.withContext(async () => {
      const sql = database.em.getConnection();
      await sql.execute(
        `insert into message select (jsonb_populate_record(null::message, to_jsonb(m) || jsonb_build_object(
           'id', ${id('g')}, 'phone', '+2547' || lpad(g::text, 8, '0'), 'scheduled_at', null))).*
         from message m, generate_series(1, ${BACKLOG}) g where m.id = ?`,
        [templateId],
      );
      const job =
        jobs === 'one per message'
          ? `select 'messaging.submit-message' as name, jsonb_build_object('messageId', ${id('g')}, 'attempt', 0) as data from generate_series(1, ${BACKLOG}) g`
          : `select 'messaging.submit-messages' as name, jsonb_build_object('messageIds', (select jsonb_agg(${id('g')}) from generate_series(k * 32 + 1, least((k + 1) * 32, ${BACKLOG})) g)) as data
             from generate_series(0, ${Math.ceil(BACKLOG / 32) - 1}) k`;
      await sql.execute(
        `insert into pgboss.job select (jsonb_populate_record(null::pgboss.job, to_jsonb(j) || jsonb_build_object(
           'id', gen_random_uuid(), 'name', n.name, 'start_after', now(), 'data', n.data))).*
         from pgboss.job j, (${job}) n where j.name = 'messaging.submit-message' and j.data->>'messageId' = ?`,
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
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL, JOB_POLLING_SECONDS: '0.5' });
  });
  after(() => api.stop());

  for (const jobs of ['one per message', 'shared'] as const) {
    it(`hands B's one message to the carrier within seconds while A has ${BACKLOG.toLocaleString('en-US')} single sends queued (jobs ${jobs})`, async function () {
      if (databaseKind() !== 'postgresql') {
        this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); embedded PGlite runs one statement at a time, so no two accounts are ever dispatched side by side]';
        this.skip();
      }
      const a = await customer(`burst-${jobs.replaceAll(' ', '-')}@shop.example`);
      const b = await customer(`otp-${jobs.replaceAll(' ', '-')}@bank.example`);
      const template = ok(
        await api.request('POST', '/api/messages/send', {
          key: a.key,
          body: { to: '+254700000000', text: 'Flash sale!', schedule_mode: 'scheduled', scheduled_at: new Date(Date.now() + 3_600_000).toISOString() },
        }),
      );
      await backlogOf(template.id, jobs);
      await until('A to be dispatching', () => waitingOf(a.id), (waiting) => waiting < BACKLOG + 1);

      const otp = ok(await api.request('POST', '/api/messages/send', { key: b.key, body: { to: '+254711222333', text: 'Your code is 424242' } }));
      const accepted = Date.now();
      await until(`B's message at the carrier`, async () => ok(await api.request('GET', `/api/messages/${otp.id}`, { key: b.key })).status, (status) => status === 'submitted' || status === 'delivered', 10_000);
      const waited = Date.now() - accepted;
      const aStillWaiting = await waitingOf(a.id);
      expect(waited, `B waited ${waited} ms`).to.be.lessThan(5_000);
      expect(aStillWaiting, 'A had most of its backlog still queued when B went through').to.be.greaterThan(BACKLOG / 2);
    });
  }
});
