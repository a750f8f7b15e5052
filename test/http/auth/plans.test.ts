import { expect } from 'chai';
import { PRODUCTS, TIERS } from '@tuma/subscriptions';
import { databaseKind } from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

describe(`Plans on the account service on ${databaseKind()}`, () => {
  let api: TestServer;
  before(async () => {
    api = await startTestServer();
  });
  after(() => api.stop());

  it('answers GET /auth/v1/plans without a key: every tier of mail and links, with its USD price and limits (-1 unlimited)', async () => {
    const res = await api.request('GET', '/auth/v1/plans');
    expect([res.status, res.headers.get('cache-control')]).to.deep.equal([200, 'public, max-age=300']);
    for (const product of PRODUCTS) expect(res.body[product].map((p: { tier: string }) => p.tier), product).to.deep.equal([...TIERS]);
    expect(res.body.links[1]).to.deep.equal({
      tier: 'starter',
      price_usd: 24,
      monthly_links: 1000,
      monthly_qr: 1000,
      api_monthly: 25000,
      max_domains: 10,
      max_team: 5,
      analytics_days: 365,
      has_branded_domains: true,
      has_country_device_analytics: true,
      has_webhooks: false,
      has_sms_integration: true,
    });
    expect(res.body.mail[0]).to.deep.equal({ tier: 'free', price_usd: 0, monthly_emails: 3000, daily_emails: 100, max_domains: 1, max_team: 1, log_retention_days: 1 });
    expect(res.body.mail[4].max_domains, 'unlimited').to.equal(-1);
  });

  it("documents the route in the account service's OpenAPI document, not the SMS one's", async () => {
    const auth = (await api.request('GET', '/auth/openapi.json')).body;
    expect(auth.paths['/v1/plans'].get).to.deep.include({ operationId: 'listPlans', tags: ['Plans'] });
    expect((await api.request('GET', '/openapi.json')).body.paths).to.not.have.property('/v1/plans');
    expect((await api.request('GET', '/v1/plans')).status, 'not on the SMS API').to.equal(404);
  });
});
