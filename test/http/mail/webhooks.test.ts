import { createHmac, timingSafeEqual } from 'node:crypto';
import { expect } from 'chai';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../support/webhook-receiver.ts';

/** One POST the local receiver got, with the mail profile's headers read. */
interface Received {
  readonly path: string;
  readonly deliveryId: string;
  readonly event: string;
  readonly signature: string;
  readonly body: any;
  readonly raw: string;
}

const readMail = ({ path, headers, raw, body }: ReceivedWebhook): Received => ({
  path,
  deliveryId: String(headers['x-svc-delivery-id']),
  event: String(headers['x-svc-event']),
  signature: String(headers['x-svc-signature']),
  body,
  raw,
});

const signedWith = (secret: string, { raw, signature }: Received): boolean => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * Mail webhooks over HTTP (issue 15 item 8, docs/mail.md "Webhooks"): endpoints of mail events on
 * the shared engine, with the mail profile's headers (X-SVC-*), each delivery signed with its
 * webhook's secret, logged, and redelivered on demand; a real receiver on 127.0.0.1.
 */
describe(`HTTP mail webhooks on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;
  let receiver: WebhookReceiver;
  let base: string;
  let otherKey: string;

  const mail = (method: string, path: string, body?: unknown, asKey?: string) => world.mail(method, path, body, asKey ? { key: asKey } : {});
  const send = (to: string) => world.send({ to, text: 'Shipped' });
  const at = (path: string) => receiver.received.filter((r) => r.path === path).map(readMail);

  before(async () => {
    receiver = await startWebhookReceiver();
    base = receiver.url;
    world = await startMailWorld({ domain: 'hooks.example.com', env: { WEBHOOK_ALLOW_HOSTS: receiver.host } });
    otherKey = await world.otherAccountKey();
  });
  after(async () => {
    await world.stop();
    await receiver.close();
  });

  it('sends each subscribed event of an email, signed with the webhook secret, with the X-SVC headers and the spec body', async () => {
    const hook = ok(await mail('POST', '/v1/webhooks', { url: `${base}/all`, events: ['sent', 'delivered', 'bounced'] }), 201);
    expect(hook).to.include({ url: `${base}/all`, is_active: true });
    expect(hook.id).to.match(/^mwh_[0-9A-Z]{26}$/);
    expect(hook.secret).to.match(/^whsec_/);
    const only = ok(await mail('POST', '/v1/webhooks', { url: `${base}/bounces`, events: ['bounced'] }), 201);

    const delivered = await send('amina@example.org');
    const bounced = await send('bounce@example.org');
    const all = await until('four events at /all', async () => at('/all'), (got) => got.length >= 4);
    const pairs = all.map((r) => [r.body.email_id, r.body.event_type].join(' '));
    expect(pairs.sort()).to.deep.equal([`${delivered} delivered`, `${delivered} sent`, `${bounced} bounced`, `${bounced} sent`].sort());
    for (const r of all) {
      expect(signedWith(hook.secret, r), 'signed with its webhook secret').to.equal(true);
      expect(r.event).to.equal(r.body.event_type);
      expect(r.deliveryId).to.match(/^evt_[0-9A-Z]{26}$/);
      expect(Object.keys(r.body).sort()).to.deep.equal(['data', 'email_id', 'event_type', 'timestamp']);
      expect(r.body.data).to.include({ from: 'hello@hooks.example.com', subject: 'Your order' });
    }
    const bounce = all.find((r) => r.body.event_type === 'bounced')!;
    expect(bounce.body.data.recipient).to.equal('bounce@example.org');
    expect(bounce.body.data.reason).to.match(/^550 /);
    const [onlyBounce] = await until('the bounce at /bounces', async () => at('/bounces'), (got) => got.length >= 1);
    expect([onlyBounce!.body.email_id, onlyBounce!.body.event_type]).to.deep.equal([bounced, 'bounced']);
    expect(signedWith(only.secret, onlyBounce!), "signed with the other webhook's own secret").to.equal(true);
    expect(onlyBounce!.deliveryId, 'each webhook gets a delivery of its own').to.not.equal(bounce.deliveryId);
  });

  it('sends the failed event of a recipient a send drops for being suppressed', async () => {
    ok(await mail('POST', '/v1/webhooks', { url: `${base}/failed`, events: ['failed'] }), 201);
    await world.settled(await send('bounce+twice@example.org'), 'bounced');
    const dropped = await send('bounce+twice@example.org');
    const [failed] = await until('the failed event', async () => at('/failed'), (got) => got.length >= 1);
    expect([failed!.body.email_id, failed!.body.event_type, failed!.body.data.recipient]).to.deep.equal([dropped, 'failed', 'bounce+twice@example.org']);
    expect(failed!.body.data.reason).to.match(/suppress/i);
  });

  it('logs every attempt and redelivers on demand; an inactive webhook gets nothing', async () => {
    const hook = ok(await mail('POST', '/v1/webhooks', { url: `${base}/flaky`, events: ['delivered'] }), 201);
    receiver.script['/flaky'] = [503];
    const id = await send('flaky@example.org');
    await until('the first attempt', async () => at('/flaky'), (got) => got.length >= 1);
    const log = await until(
      'the failed attempt in the log',
      async () => ok(await mail('GET', `/v1/webhooks/${hook.id}/deliveries`)),
      (page) => page.deliveries[0]?.attempts.length === 1,
    );
    expect(log.total).to.equal(1);
    const [entry] = log.deliveries;
    expect(entry).to.include({ type: 'delivered', status: 'pending' });
    expect(entry.attempts[0]).to.include({ status_code: 503, succeeded: false });
    expect(entry.next_attempt_at, 'retried a minute later').to.be.a('string');

    const redelivered = ok(await mail('POST', `/v1/webhooks/${hook.id}/deliveries/${entry.event_id}/redeliver`), 202);
    expect(redelivered.event_id).to.equal(entry.event_id);
    const again = await until('the redelivery', async () => at('/flaky'), (got) => got.length >= 2);
    expect(again[1]!.deliveryId, 'the same delivery id').to.equal(again[0]!.deliveryId);
    expect(again[1]!.body.email_id).to.equal(id);
    await until('delivered in the log', async () => ok(await mail('GET', `/v1/webhooks/${hook.id}/deliveries`)), (page) => page.deliveries[0].status === 'delivered');

    ok(await mail('PATCH', `/v1/webhooks/${hook.id}`, { is_active: false }));
    const quiet = await send('quiet@example.org');
    await until('the email delivered', async () => ok(await mail('GET', `/v1/emails/${quiet}`)), (email) => email.status === 'delivered');
    expect(at('/flaky').filter((r) => r.body.email_id === quiet), 'nothing to an inactive webhook').to.deep.equal([]);
    expect(ok(await mail('GET', `/v1/webhooks/${hook.id}/deliveries`)).total).to.equal(1);
  });

  it('manages webhooks: list, read, change, delete; refuses private URLs (422 naming url) and unknown events', async () => {
    const hook = ok(await mail('POST', '/v1/webhooks', { url: `${base}/managed`, events: ['open', 'click', 'open'] }), 201).id;
    expect(ok(await mail('GET', `/v1/webhooks/${hook}`))).to.include({ url: `${base}/managed` }).and.not.have.property('secret');
    expect(ok(await mail('GET', `/v1/webhooks/${hook}`)).events).to.deep.equal(['open', 'click']);
    expect(ok(await mail('GET', '/v1/webhooks')).data.map((w: { id: string }) => w.id)).to.include(hook);
    expect(ok(await mail('PATCH', `/v1/webhooks/${hook}`, { events: ['complained'] })).events).to.deep.equal(['complained']);

    for (const url of ['http://10.0.0.5/hook', 'https://169.254.169.254/latest', 'ftp://hooks.example.net/', 'https://no-such-host.invalid/hook']) {
      const answer = await mail('POST', '/v1/webhooks', { url, events: ['sent'] });
      refused(answer, 422, 'validation_error');
      expect(answer.body.error.details.map((d: { path: string }) => d.path), url).to.deep.equal(['url']);
    }
    const badEvent = await mail('POST', '/v1/webhooks', { url: `${base}/managed`, events: ['opened'] });
    refused(badEvent, 422, 'validation_error');

    expect((await mail('DELETE', `/v1/webhooks/${hook}`)).status).to.equal(204);
    refused(await mail('GET', `/v1/webhooks/${hook}`), 404, 'not_found');
    refused(await mail('DELETE', `/v1/webhooks/${hook}`), 404, 'not_found');
  });

  it("keeps accounts apart: another account's webhook is 404 everywhere, and mail events never reach the SMS deliveries log", async () => {
    const hook = ok(await mail('POST', '/v1/webhooks', { url: `${base}/mine`, events: ['sent'] }), 201);
    for (const [method, path] of [
      ['GET', `/v1/webhooks/${hook.id}`],
      ['PATCH', `/v1/webhooks/${hook.id}`],
      ['DELETE', `/v1/webhooks/${hook.id}`],
      ['GET', `/v1/webhooks/${hook.id}/deliveries`],
    ] as const) {
      refused(await mail(method, path, method === 'PATCH' ? { is_active: false } : undefined, otherKey), 404, 'not_found');
    }
    expect(ok(await mail('GET', '/v1/webhooks', undefined, otherKey)).data).to.deep.equal([]);
    await send('apart@example.org');
    const [got] = await until('the sent event at /mine', async () => at('/mine'), (list) => list.length >= 1);
    const entry = ok(await mail('GET', `/v1/webhooks/${hook.id}/deliveries`)).deliveries[0];
    refused(await mail('POST', `/v1/webhooks/${hook.id}/deliveries/${entry.event_id}/redeliver`, undefined, otherKey), 404, 'not_found');
    expect(got!.deliveryId).to.equal(entry.event_id);
    const smsKey = ok(await world.api.request('POST', `/api/admin/accounts/${world.accountId}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).key;
    expect(ok(await world.api.request('GET', '/api/webhooks/deliveries', { key: smsKey })).total, "the SMS log shows SMS's events only").to.equal(0);
  });
});
