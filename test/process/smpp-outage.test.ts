import { expect } from 'chai';
import { FakeSmsc } from '../../adapters/carriers/test/support/fake-smsc.ts';
import { callApi, startApiProcess, stopAll, type ApiProcess } from '../support/api-process.ts';
import { privatePostgresMissing, skipBecause, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';
import { everyNumberReached, expectSentAgainOnlyInFlight, phones, smppEnv } from '../support/smsc-counts.ts';
import { until } from '../support/until.ts';
import { JOB_TAKEOVER_ENV } from '../support/worker-process.ts';

/**
 * Acceptance (issue 31): the database goes away in the middle of a bulk send over SMPP and comes
 * back. A carrier's answer whose record fails is held and recorded once the database is back, not
 * lost for the message to be sent again: the numbers the SMSC (in this process) gets twice are at
 * most those in flight at the stop, as for a kill. A real server (TUMA_ROLE=all) on a private
 * PostgreSQL cluster, stopped with `pg_ctl stop -m immediate` for OUTAGE_MS. docs/reliability.md.
 */

const OPERATOR_KEY = 'smpp-outage-operator-key-0123456789abc';
const RECIPIENTS = 3_000;
const STOP_AT_SUBMITS = 1_000;
const OUTAGE_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


describe('SMPP dispatch through a database outage (private PostgreSQL cluster, a real server process)', function () {
  this.timeout(180_000);
  let cluster: PrivatePostgres | undefined;
  let smsc: FakeSmsc | undefined;
  let api: ApiProcess | undefined;

  before(async function () {
    const missing = privatePostgresMissing();
    if (missing) skipBecause(this, missing);
    cluster = await startPrivatePostgres();
    smsc = await FakeSmsc.start({ receipt: () => ({ stat: 'DELIVRD', delayMs: 30 }), redeliverReceiptsMs: 300, receiptAttempts: 60 });
  });
  after(async () => {
    if (api) await stopAll([api]);
    await smsc?.stop();
    await cluster?.destroy();
  });

  it('records the answers it held through the outage: sends again at most what was in flight at the stop, and delivers every message', async () => {
    api = await startApiProcess('smpp-outage', { DATABASE_URL: cluster!.url, TUMA_ROLE: 'all', ADMIN_API_KEY: OPERATOR_KEY, RATE_LIMIT_ENABLED: 'false', BODY_LIMIT_BYTES: '16777216', JOB_POLLING_SECONDS: '0.5', ...JOB_TAKEOVER_ENV, ...smppEnv(smsc!) });
    const account = (await callApi(api.baseUrl, 'POST', '/api/admin/accounts', OPERATOR_KEY, { email: `smpp-outage-${Date.now()}@example.com` })).body;
    const key = (await callApi(api.baseUrl, 'POST', `/api/admin/accounts/${account.id}/keys`, OPERATOR_KEY, { environment: 'live' })).body.key as string;
    expect((await callApi(api.baseUrl, 'POST', `/api/admin/balances/${account.id}/credit`, OPERATOR_KEY, { amount: 500, reason: 'smpp outage', reference: 'smpp-outage' })).status).to.equal(200);
    expect((await callApi(api.baseUrl, 'POST', '/api/admin/fx-rates', OPERATOR_KEY, { from: 'USD', to: 'KES', rate: '129.5' })).status).to.equal(201);

    const bulk = phones(RECIPIENTS, '+2547440');
    const accepted = await callApi(api.baseUrl, 'POST', '/api/messages/send-bulk', key, { recipients: bulk.map((to) => ({ to })), text: 'Habari! Your parcel is on its way.' });
    expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);

    await until(`${STOP_AT_SUBMITS} submit_sm`, async () => smsc!.submits.length, (n) => n >= STOP_AT_SUBMITS, 60_000);
    const stoppedAt = performance.now();
    await cluster!.stop();
    const atStop = smsc!.submits.length;
    await sleep(OUTAGE_MS);
    const duringOutage = smsc!.submits.length - atStop;
    await cluster!.start();

    await until('every number at the SMSC', async () => everyNumberReached(smsc!, bulk), (reached) => reached, 120_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${smsc!.submitsByDestination().size} numbers reached\n${api!.output().slice(-3000)}`);
    });
    await until('every member delivered', async () => (await callApi(api!.baseUrl, 'GET', `/api/messages/batch/${accepted.body.batch_id}?limit=1`, key)).body.counts, (counts) => counts?.delivered === RECIPIENTS, 120_000);
    console.log(`      ${atStop} submit_sm at the stop, ${duringOutage} more while the database was down`);
    expectSentAgainOnlyInFlight(smsc!, { at: stoppedAt, processes: 1, what: 'stop' }, bulk);
  });
});
