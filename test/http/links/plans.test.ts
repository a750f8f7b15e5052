import { expect } from 'chai';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

/** The links plan's limits on the free plan (docs/links.md, "Plans"): 25 live links and 25 QR codes a month, 30 days of analytics. */
describe(`HTTP links plan limits on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: LinksWorld;

  before(async () => {
    world = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: 'shop.example', PASSWORD_HASH_COST: '10', CLICK_FLUSH_MS: '50' });
  });
  after(() => world.stop());

  it('refuses the 26th live link of the month (402 plan_limit_reached), not test links; existing links keep redirecting', async () => {
    const free = ok(await world.api.request('GET', '/auth/v1/plans')).links.find((plan: { tier: string }) => plan.tier === 'free');
    expect(free.monthly_links).to.equal(25);
    const made = [];
    for (let i = 0; i < 25; i++) made.push(ok(await world.links('POST', '/v1/links', { url: `https://shop.example/${i}` }), 201));
    const refusal = await world.links('POST', '/v1/links', { url: 'https://shop.example/one-more' });
    refused(refusal, 402, 'plan_limit_reached');
    expect(refusal.body.error).to.include({ product: 'links', tier: 'free', resource: 'monthly_links', limit: 25 });
    ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/test' }, { key: await world.newKey({ environment: 'test' }) }), 201);
    expect((await world.api.request('GET', `/s/${made[0].slug}`)).status, 'existing links keep redirecting').to.equal(302);
    expect(ok(await world.links('GET', '/v1/account')).usage.links_this_month).to.equal(25);
  });

  it('refuses the 26th live QR code of the month (402), and analytics beyond the plan’s 30 days (403 plan_feature_unavailable)', async () => {
    const key = await world.otherAccountKey();
    for (let i = 0; i < 25; i++) ok(await world.links('POST', '/v1/qr', { url: `https://shop.example/qr${i}` }, { key }), 201);
    const refusal = await world.links('POST', '/v1/qr', { url: 'https://shop.example/qr-more' }, { key });
    refused(refusal, 402, 'plan_limit_reached');
    expect(refusal.body.error).to.include({ resource: 'monthly_qr', limit: 25 });

    const link = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/analysed' }, { key }), 201);
    expect(ok(await world.links('GET', `/v1/analytics/${link.id}?days=30`, undefined, { key })).range_days).to.equal(30);
    const beyond = await world.links('GET', `/v1/analytics/${link.id}?days=31`, undefined, { key });
    refused(beyond, 403, 'plan_feature_unavailable');
    expect(beyond.body.error).to.include({ tier: 'free', feature: 'analyticsDays' });
  });

  it('counts requests with a live key against api_monthly (402 past it, not counted), flushed to the month’s row; test keys and the dashboard’s token do not count', async () => {
    const database = await testDatabase();
    const { accountId, key, token } = await world.paidAccount('starter');
    const month = new Date().toISOString().slice(0, 7);
    // 25,000 on starter: this process reads the month's count once, on the account's first request.
    await database.withContext(() => database.em.execute('insert into link_api_usage (account_id, month, requests) values (?, ?, 24998)', [accountId, month]));
    ok(await world.links('GET', '/v1/links', undefined, { key }));
    ok(await world.links('GET', '/v1/campaigns', undefined, { key }));
    const refusal = await world.links('GET', '/v1/links', undefined, { key });
    refused(refusal, 402, 'plan_limit_reached');
    expect(refusal.body.error).to.include({ product: 'links', tier: 'starter', resource: 'api_monthly', limit: 25_000 });
    refused(await world.links('POST', '/v1/links', { url: 'https://shop.example/x' }, { key }), 402, 'plan_limit_reached');
    ok(await world.links('GET', '/v1/links', undefined, { key: token }), 200);
    const testKey = ok(await world.links('POST', '/v1/keys', { name: 'test', environment: 'test' }, { key: token }), 201).key as string;
    ok(await world.links('GET', '/v1/links', undefined, { key: testKey }), 200);
    const stored = async () => (await database.withContext(() => database.em.execute<{ requests: string }[]>('select requests::text as requests from link_api_usage where account_id = ? and month = ?', [accountId, month])))[0]!.requests;
    expect(await until('the counts flushed', stored, (requests) => requests === '25000')).to.equal('25000');
  });
});
