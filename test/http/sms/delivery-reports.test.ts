import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';

interface Received {
  readonly eventId: string;
  readonly signature: string;
  readonly body: any;
  readonly raw: string;
}

/** Sends end to end: the status changes of messages reach the account's dlr_url, signed, one event each. */
describe(`HTTP delivery reports on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let receiver: Server;
  let key: string;
  let secret: string;
  const received: Received[] = [];

  const eventsOf = (id: string) => received.filter((r) => r.body.message_id === id);
  before(async () => {
    receiver = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        received.push({ eventId: String(req.headers['x-webhook-id']), signature: String(req.headers['x-webhook-signature']), body: JSON.parse(raw), raw });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    api = await startTestServer({
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}`,
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      SIMULATOR_LATENCY_MS: '5-30',
      SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL,
    });
    key = api.started.demo!.liveKey;
    const credit = await api.request('POST', `/api/admin/balances/${api.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 5, reason: 'dlr suite', reference: 'dlr-suite' } });
    expect(credit.status).to.equal(200);
    const configured = await api.request('PUT', '/api/webhooks', { key, body: { dlr_url: `http://127.0.0.1:${port}/dlr` } });
    expect(configured.status, configured.text).to.equal(200);
    secret = (await api.request('GET', '/api/webhooks', { key })).body.signing_secret;
  });
  after(async () => {
    await api.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('reports submitted then delivered, signed with the current secret, with the spec body', async () => {
    const sent = await api.request('POST', '/api/messages/send', { key, body: { to: '+254712345678', text: 'Habari' } });
    expect(sent.status, sent.text).to.equal(200);
    await until('two reports', async () => eventsOf(sent.body.id).length, (count) => count >= 2);
    const reports = eventsOf(sent.body.id);
    expect(reports.map((r) => r.body.event)).to.have.members(['message.submitted', 'message.delivered']);
    for (const report of reports) {
      expect(report.eventId).to.match(/^evt_[0-9A-Z]{26}$/);
      expect(report.signature).to.equal(`sha256=${createHmac('sha256', secret).update(report.raw).digest('hex')}`);
    }
    const delivered = reports.find((r) => r.body.event === 'message.delivered')!.body;
    expect(Object.keys(delivered).sort()).to.deep.equal(
      ['event', 'message_id', 'status', 'phone', 'sender_id', 'segments', 'encoding', 'environment', 'livemode', 'cost', 'error_code', 'retry_count', 'delivered_at', 'failed_at'].sort(),
    );
    expect(delivered).to.include({ status: 'delivered', phone: '+254712345678', environment: 'live', livemode: true, error_code: null, failed_at: null, cost: sent.body.cost });
    expect(new Set(reports.map((r) => r.eventId)).size).to.equal(2);
  });

  it('reports a failure before the carrier and a refusal at send time', async () => {
    const refused = await api.request('POST', '/api/messages/send', { key, body: { to: '+254715550001', text: 'Refused' } });
    expect((await api.request('POST', '/api/opt-outs', { key, body: { phone: '+254700444555' } })).status).to.equal(201);
    const optedOut = await api.request('POST', '/api/messages/send', { key, body: { to: '+254700444555', text: 'Opted out' } });
    await until('the failure and the rejection', async () => [eventsOf(refused.body.id).length, eventsOf(optedOut.body.id).length], ([failures, rejections]) => failures === 1 && rejections === 1);
    expect(eventsOf(refused.body.id)[0]!.body).to.include({ event: 'message.failed', status: 'failed', error_code: 'invalid_destination' });
    expect(eventsOf(optedOut.body.id)[0]!.body).to.include({ event: 'message.rejected', status: 'rejected', error_code: 'opted_out', cost: 0 });
  });
});
