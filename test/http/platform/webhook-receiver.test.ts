import { expect } from 'chai';
import { startWebhookReceiver, type ReceivedEvent } from '../../../scripts/webhook-receiver.ts';
import { databaseKind } from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';

/** README's webhook walk-through, offline: the local receiver script gets signed sample events. */
describe(`The local webhook receiver (scripts/webhook-receiver.ts) on ${databaseKind()}`, () => {
  let api: TestServer;

  before(async () => {
    api = await startTestServer({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  });
  after(() => api.stop());

  it('receives the sample DLR and MO of POST /api/webhooks/test and tells a right signing secret from a wrong one', async () => {
    const key = api.started.demo!.liveKey;
    const secret = (await api.request('GET', '/api/webhooks', { key })).body.signing_secret as string;
    const events: ReceivedEvent[] = [];
    const right = await startWebhookReceiver({ port: 0, secret, onEvent: (event) => events.push(event) });
    const wrong = await startWebhookReceiver({ port: 0, secret: 'whsec_not-the-secret', onEvent: (event) => events.push(event) });
    try {
      const put = await api.request('PUT', '/api/webhooks', { key, body: { dlr_url: `${right.url}/dlr`, mo_url: `${wrong.url}/mo`, is_active: true } });
      expect(put.status, put.text).to.equal(200);
      const test = await api.request('POST', '/api/webhooks/test', { key });
      expect(test.status, test.text).to.equal(200);
      await until('both sample events', async () => events.length, (count) => count >= 2);

      const byPath = Object.fromEntries(events.map((event) => [event.path, event]));
      expect(byPath['/dlr']).to.include({ authentic: true });
      expect(byPath['/dlr']!.id).to.match(/^evt_/);
      expect(JSON.parse(byPath['/dlr']!.body).event).to.match(/^message\./);
      expect(byPath['/mo']).to.include({ authentic: false });
      expect(JSON.parse(byPath['/mo']!.body).event).to.equal('message.inbound');
    } finally {
      for (const { server } of [right, wrong]) await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
