import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { FakeCarrier } from '@tuma/messaging/testing';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

/** An embedder's carrier: the FakeCarrier, counting its starts and stops. */
class HarnessCarrier extends FakeCarrier {
  started = 0;
  stopped = 0;

  async start(): Promise<void> {
    this.started++;
  }

  async stop(): Promise<void> {
    this.stopped++;
  }
}

/** TumaServer started in-process with the embedder's own carrier gateway and clock (docs/embedding.md). */
describe(`HTTP sends through an embedder's carrier and clock on ${databaseKind()}`, function () {
  this.timeout(60_000);
  const clock = new FakeClock('2026-03-02T08:00:00.000Z');
  let carrier: HarnessCarrier | undefined;
  let api: TestServer;
  let key: string;


  before(async () => {
    api = await startTestServer(
      { CARRIER_GATEWAY: 'simulator' },
      {
        clock,
        carrierGateway: ({ sink, clock }) => (carrier = new HarnessCarrier('harness', clock).connect(sink)),
      },
    );
    key = api.started.demo!.liveKey;
    ok(await api.request('POST', `/api/admin/balances/${api.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 10, reason: 'embedding suite', reference: 'embedding-suite' } }));
  });
  after(async () => {
    await api?.stop();
  });

  it('sends a live SMS through the given gateway, applies its receipt, and dates everything by the given clock', async () => {
    expect(carrier, 'the factory was called').to.not.equal(undefined);
    expect(carrier!.started).to.equal(1);
    const sent = ok(await api.request('POST', '/api/messages/send', { key, body: { to: '+254712345678', text: 'Habari from the harness' } }));
    await until('the harness carrier receives it', async () => carrier!.submissions.length, (n) => n === 1);
    expect(carrier!.submissions[0]).to.include({ messageId: sent.id, to: '+254712345678', text: 'Habari from the harness' });
    await until('submitted', async () => ok(await api.request('GET', `/api/messages/${sent.id}`, { key })), (m) => m.status === 'submitted');

    clock.advance(5_000);
    await carrier!.deliverAll();
    const delivered = await until('delivered', async () => ok(await api.request('GET', `/api/messages/${sent.id}`, { key })), (m) => m.status === 'delivered');
    expect(delivered.created_at).to.equal('2026-03-02T08:00:00.000Z');
    expect(delivered.delivered_at).to.equal('2026-03-02T08:00:05.000Z');
  });

  it('keeps test-key sends on the sandbox simulator', async () => {
    const before = carrier!.submissions.length;
    const sent = ok(await api.request('POST', '/api/messages/send', { key: api.started.demo!.testKey, body: { to: '+254712345678', text: 'Sandbox' } }));
    await until('sandbox delivery', async () => ok(await api.request('GET', `/api/messages/${sent.id}`, { key: api.started.demo!.testKey })), (m) => m.status === 'delivered');
    expect(carrier!.submissions.length).to.equal(before);
  });

  it("answers the simulator inbox from the sandbox alone: live messages went to the embedder's carrier", async () => {
    const inbox = ok(await api.request('GET', '/api/admin/simulator/messages?to=254712345678', { key: ADMIN_KEY }));
    expect(inbox.messages).to.have.length(1);
    // Dated by the server's clock, which the sandbox simulator shares.
    expect(inbox.messages[0]).to.include({ text: 'Sandbox', environment: 'test', gateway: 'sandbox', received_at: '2026-03-02T08:00:05.000Z' });
  });

  it('stops the gateway with the server', async () => {
    await api.stop();
    expect(carrier!.stopped).to.equal(1);
  });
});
