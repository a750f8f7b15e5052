import { expect } from 'chai';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';

/** Campaigns of the links API (docs/links.md, "Campaigns"). */
describe(`HTTP link campaigns on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: LinksWorld;

  before(async () => {
    world = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: 'shop.example', CLICK_FLUSH_MS: '50' });
  });
  after(() => world.stop());

  it('creates campaigns ({id, name, color}), groups links, lists them with links and clicks, deletes keeping the links', async () => {
    const spring = ok(await world.links('POST', '/v1/campaigns', { name: 'Spring sale', color: '#FF8800' }), 201);
    expect(Object.keys(spring).sort()).to.deep.equal(['color', 'id', 'name']);
    expect(spring).to.include({ name: 'Spring sale', color: '#FF8800' });
    expect(spring.id).to.match(/^cmp_/);
    const quiet = ok(await world.links('POST', '/v1/campaigns', { name: 'Quiet' }), 201);
    expect(quiet.color).to.equal(null);

    const link = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/a', campaign_id: spring.id }), 201);
    ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/b' }), 201);
    expect(link.campaign_id).to.equal(spring.id);
    expect(ok(await world.links('GET', `/v1/links?campaign_id=${spring.id}`)).data.map((l: { id: string }) => l.id)).to.deep.equal([link.id]);
    expect((await world.api.request('GET', `/s/${link.slug}`, { headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' } })).status).to.equal(302);

    let listed: any[] = [];
    for (let i = 0; i < 50 && listed[1]?.clicks !== 1; i++) {
      listed = ok(await world.links('GET', '/v1/campaigns'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(listed.map((c) => [c.id, c.name, c.links, c.clicks])).to.deep.equal([
      [quiet.id, 'Quiet', 0, 0],
      [spring.id, 'Spring sale', 1, 1],
    ]);
    expect(listed[1].created_at).to.be.a('string');

    expect((await world.links('DELETE', `/v1/campaigns/${spring.id}`)).status).to.equal(204);
    expect(ok(await world.links('GET', `/v1/links/${link.id}`)).campaign_id, 'the link stays, without its campaign').to.equal(null);
    refused(await world.links('DELETE', `/v1/campaigns/${spring.id}`), 404, 'not_found');
  });

  it("checks name (1-120) and color (hex, up to 16); another account's campaign is 404 to delete and a 422 to name in a link; writes need links:write", async () => {
    for (const [body, field] of [[{ name: '' }, 'name'], [{ name: 'x'.repeat(121) }, 'name'], [{ name: 'ok', color: 'orange' }, 'color'], [{ name: 'ok', color: '#' + 'F'.repeat(16) }, 'color']] as const) {
      const answer = await world.links('POST', '/v1/campaigns', body);
      expect([answer.status, answer.body.error.details[0].path], JSON.stringify(body)).to.deep.equal([422, field]);
    }
    const mine = ok(await world.links('POST', '/v1/campaigns', { name: 'Mine' }), 201);
    const other = await world.otherAccountKey();
    refused(await world.links('DELETE', `/v1/campaigns/${mine.id}`, undefined, { key: other }), 404, 'not_found');
    const foreign = await world.links('POST', '/v1/links', { url: 'https://shop.example/x', campaign_id: mine.id }, { key: other });
    expect([foreign.status, foreign.body.error.details[0].path]).to.deep.equal([422, 'campaign_id']);
    expect(ok(await world.links('GET', '/v1/campaigns', undefined, { key: other }))).to.deep.equal([]);
    const reader = await world.newKey({ scopes: ['links:read'] });
    refused(await world.links('POST', '/v1/campaigns', { name: 'No' }, { key: reader }), 403, 'insufficient_scope');
  });
});
