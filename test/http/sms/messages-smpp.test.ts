import { expect } from 'chai';
import { FakeSmsc } from '../../../adapters/carriers/test/support/fake-smsc.ts';
import { databaseKind } from '../../support/test-database.ts';
import { smppEnv } from '../../support/smsc-counts.ts';
import { until } from '../../support/until.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

/** ESME_RINVDSTADR: the SMSC refuses the destination. */
const INVALID_DESTINATION = 0x0b;
const REFUSED = '+254722999000';

/** Live sends through CARRIER_GATEWAY=smpp to an SMSC started in the suite: receipts come back by carrier id. */
describe(`HTTP messages over SMPP on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let smsc: FakeSmsc;
  let api: TestServer;
  let key: string;

  const eventually = (id: string, done: (message: any) => boolean) => until(`message ${id}`, async () => ok(await api.request('GET', `/api/messages/${id}`, { key })), done);

  before(async () => {
    smsc = await FakeSmsc.start({
      refuse: (pdu) => (String(pdu['destination_addr']).endsWith(REFUSED.slice(1)) ? INVALID_DESTINATION : undefined),
      receipt: () => ({ stat: 'DELIVRD', delayMs: 20 }),
    });
    api = await startTestServer(smppEnv(smsc));
    key = api.started.demo!.liveKey;
    const credit = await api.request('POST', `/api/admin/balances/${api.started.demo!.accountId}/credit`, {
      key: ADMIN_KEY,
      body: { amount: 10, reason: 'smpp suite', reference: 'smpp-suite' },
    });
    expect(credit.status).to.equal(200);
  });
  after(async () => {
    await api.stop();
    await smsc.stop();
  });

  it('submits a two-part message as two submit_sm and is delivered when both receipts arrive', async () => {
    const sent = ok(await api.request('POST', '/api/messages/send', { key, body: { to: '+254712345678', text: 'Habari '.repeat(30) } }));
    expect(sent.segments).to.equal(2);
    const delivered = await eventually(sent.id, (m) => m.status === 'delivered');
    expect(delivered).to.include({ status: 'delivered', error_code: null });
    expect(smsc.submits).to.have.length(2);
    expect(smsc.binds.filter((b) => b.accepted)).to.have.length(1);
  });

  it('fails a message the SMSC refuses, with our error code, and refunds it', async () => {
    const before = ok(await api.request('GET', '/api/balance', { key })).balance;
    const sent = ok(await api.request('POST', '/api/messages/send', { key, body: { to: REFUSED, text: 'Refused' } }));
    const failed = await eventually(sent.id, (m) => m.status === 'failed');
    expect(failed.error_code).to.equal('invalid_destination');
    expect(ok(await api.request('GET', '/api/balance', { key })).balance).to.be.closeTo(before, 1e-9);
  });
});
