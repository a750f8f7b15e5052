import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * Click webhooks (docs/links.md, "Webhooks"): on a plan with webhooks, `link.clicked` for each human
 * click, published by the click flush, signed with the webhook's secret, logged and redelivered; a
 * real receiver on 127.0.0.1.
 */
describe(`HTTP link click webhooks on ${databaseKind()}`, function () {
  this.timeout(90_000);
  let world: LinksWorld;
  let receiver: WebhookReceiver;
  let business: { key: string; token: string };

  before(async () => {
    receiver = await startWebhookReceiver();
    world = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: `shop.example,${receiver.host}`, PASSWORD_HASH_COST: '10', TRUST_PROXY_HOPS: '1', CLICK_FLUSH_MS: '50' });
    business = await world.paidAccount('business');
  });
  after(async () => {
    await world.stop();
    await receiver.close();
  });

  it('refuses webhooks on a plan without them (403 plan_feature_unavailable), and a private URL (422 naming url)', async () => {
    const free = await world.links('POST', '/v1/webhooks', { url: `${receiver.url}/free`, events: ['link.clicked'] });
    refused(free, 403, 'plan_feature_unavailable');
    expect(free.body.error).to.include({ feature: 'hasWebhooks' });
    const starter = await world.paidAccount('starter');
    refused(await world.links('POST', '/v1/webhooks', { url: `${receiver.url}/starter`, events: ['link.clicked'] }, { key: starter.key }), 403, 'plan_feature_unavailable');
    const privateUrl = await world.links('POST', '/v1/webhooks', { url: 'http://10.0.0.1/hook', events: ['link.clicked'] }, { key: business.key });
    refused(privateUrl, 422, 'validation_error');
    expect(privateUrl.body.error.details[0].path).to.equal('url');
    refused(await world.links('POST', '/v1/webhooks', { url: `${receiver.url}/x`, events: ['link.opened'] }, { key: business.key }), 422, 'validation_error');
  });

  it('sends link.clicked for each human click (bots left out), signed with the webhook’s secret, logged and redelivered; a test link’s clicks go to the test webhooks only', async () => {
    const links = (method: string, path: string, body?: unknown, key = business.key) => world.links(method, path, body, { key });
    const webhook = ok(await links('POST', '/v1/webhooks', { url: `${receiver.url}/clicks`, events: ['link.clicked'] }), 201);
    expect(webhook).to.include({ url: `${receiver.url}/clicks`, is_active: true });
    expect(webhook.secret).to.match(/^whsec_/);
    expect(ok(await links('GET', '/v1/webhooks'))).to.deep.equal([{ id: webhook.id, url: webhook.url, events: ['link.clicked'], is_active: true, created_at: webhook.created_at }]);
    const testKey = ok(await links('POST', '/v1/keys', { name: 'test', environment: 'test' }), 201).key as string;
    const testHook = ok(await links('POST', '/v1/webhooks', { url: `${receiver.url}/test-clicks`, events: ['link.clicked'] }, testKey), 201);
    expect(ok(await links('GET', '/v1/webhooks', undefined, testKey)).map((w: { id: string }) => w.id), 'each environment its own').to.deep.equal([testHook.id]);

    const link = ok(await links('POST', '/v1/links', { url: 'https://shop.example/p', slug: 'hooked' }), 201);
    const testLink = ok(await links('POST', '/v1/links', { url: 'https://shop.example/t', slug: 'hooked-test' }, testKey), 201);
    const visit = (slug: string, ua = IPHONE) => world.api.request('GET', `/s/${slug}`, { headers: { 'User-Agent': ua, 'X-Forwarded-For': '41.90.64.1', Referer: 'https://news.example/a' } });
    expect((await visit('hooked')).status).to.equal(302);
    expect((await visit('hooked', GOOGLEBOT)).status).to.equal(302);
    expect((await visit('hooked-test')).status).to.equal(302);

    const clicks = await until('the click delivered', async () => receiver.received.filter((r) => r.path === '/clicks'), (got) => got.length >= 1);
    const [delivery] = clicks;
    expect(delivery!.body).to.deep.equal({
      event_type: 'link.clicked',
      timestamp: delivery!.body.timestamp,
      data: { link_id: link.id, slug: 'hooked', short_url: link.short_url, domain_id: null, country: 'KE', device: 'mobile', browser: 'Safari', referrer: 'news.example' },
    });
    expect(delivery!.raw, 'never the address nor the visitor key').to.not.match(/41\.90\.64\.1|visitor/);
    expect(delivery!.headers['x-svc-event']).to.equal('link.clicked');
    expect(delivery!.headers['x-svc-delivery-id']).to.match(/^evt_/);
    expect(delivery!.headers['x-svc-signature']).to.equal(`sha256=${createHmac('sha256', webhook.secret).update(delivery!.raw).digest('hex')}`);
    const testClicks = await until('the test click delivered', async () => receiver.received.filter((r) => r.path === '/test-clicks'), (got) => got.length >= 1);
    expect(testClicks.map((r) => r.body.data.link_id)).to.deep.equal([testLink.id]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.filter((r) => r.path === '/clicks'), 'the bot’s click sent nothing').to.have.length(1);

    const log = ok(await links('GET', `/v1/webhooks/${webhook.id}/deliveries`));
    expect(log.total).to.equal(1);
    expect(log.deliveries[0]).to.deep.include({ event_id: delivery!.headers['x-svc-delivery-id'], type: 'link.clicked', status: 'delivered' });
    const again = ok(await links('POST', `/v1/webhooks/${webhook.id}/deliveries/${log.deliveries[0].event_id}/redeliver`), 202);
    expect(again.event_id).to.equal(log.deliveries[0].event_id);
    await until('the redelivery', async () => receiver.received.filter((r) => r.path === '/clicks'), (got) => got.length === 2);
    refused(await links('GET', `/v1/webhooks/${webhook.id}/deliveries`, undefined, testKey), 404, 'not_found');

    expect((await links('DELETE', `/v1/webhooks/${webhook.id}`)).status).to.equal(204);
    refused(await links('GET', `/v1/webhooks/${webhook.id}`), 404, 'not_found');
    expect((await visit('hooked')).status).to.equal(302);
    await until('the click counted', async () => ok(await links('GET', `/v1/links/${link.id}`)), (l) => l.clicks === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.filter((r) => r.path === '/clicks'), 'a deleted webhook gets nothing').to.have.length(2);
  });
});
