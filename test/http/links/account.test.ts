import { expect } from 'chai';
import { accountServiceClient } from '../../support/account-service-client.ts';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';

/** `GET /v1/account` of the links API (docs/links.md, "Account"): the plan in force and this month's usage. */
describe(`HTTP links account on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: LinksWorld;
  const accounts = accountServiceClient(() => world.api, 'links-account-user');

  before(async () => {
    world = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: 'shop.example', PASSWORD_HASH_COST: '10' });
  });
  after(() => world.stop());

  it("answers the account service's links plan (free without a subscription) and counts this month's live links and QR codes, not test ones", async () => {
    const free = ok(await world.api.request('GET', '/auth/v1/plans')).links.find((plan: { tier: string }) => plan.tier === 'free');
    const before = ok(await world.links('GET', '/v1/account'));
    expect(before).to.deep.include({ user_id: null, tier: 'free', is_admin: false, plan: free, usage: { links_this_month: 0, qr_this_month: 0 } });
    expect(before.email).to.match(/^links-world-\d+@example\.com$/);

    const link = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/a' }), 201);
    ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/b' }), 201);
    ok(await world.links('POST', '/v1/qr', { link_id: link.id }), 201);
    const testKey = await world.newKey({ environment: 'test' });
    ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/t' }, { key: testKey }), 201);
    ok(await world.links('POST', '/v1/qr', { url: 'https://shop.example/t' }, { key: testKey }), 201);
    expect(ok(await world.links('GET', '/v1/account')).usage).to.deep.equal({ links_this_month: 2, qr_this_month: 1 });
    expect(ok(await world.links('GET', '/v1/account', undefined, { key: testKey })).usage, 'the same account, whatever the key').to.deep.equal({ links_this_month: 2, qr_this_month: 1 });
  });

  it("names the signed-in user when the dashboard's access token asks", async () => {
    const { token, userId, email } = await accounts.signUp();
    const answer = ok(await world.links('GET', '/v1/account', undefined, { key: token }));
    expect(answer).to.include({ user_id: userId, email, tier: 'free' });
  });
});
