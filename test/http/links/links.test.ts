import { expect } from 'chai';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';

const SHOP = 'https://shop.example/spring?ref=home#top';

/** Links of the links API (docs/links.md, "Links"): fields, URL screening, slugs, environments, other accounts. */
describe(`HTTP links on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: LinksWorld;

  before(async () => {
    // shop.example does not resolve here: it stands for a public host the URL policy lets through
    // (as do the blocked and the short host, so that only the blocklist can refuse them).
    world = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: 'shop.example,grabify.link,tu.ma', SHORT_BASE_URL: 'https://tu.ma/s', PASSWORD_HASH_COST: '10' });
  });
  after(() => world.stop());

  it('creates a link with exactly the contract fields, a 7-character slug, and reads it back', async () => {
    const link = ok(await world.links('POST', '/v1/links', { url: SHOP, title: 'Spring', tags: ['sale', 'sms'], utm: { source: 'sms' } }), 201);
    expect(Object.keys(link).sort()).to.deep.equal(
      ['id', 'slug', 'short_url', 'url', 'domain_id', 'campaign_id', 'title', 'tags', 'expires_at', 'has_password', 'clicks', 'created_at', 'updated_at'].sort(),
    );
    expect(link.slug).to.match(/^[A-Za-z0-9]{7}$/);
    expect(link).to.include({ short_url: `https://tu.ma/s/${link.slug}`, url: SHOP, domain_id: null, campaign_id: null, title: 'Spring', expires_at: null, has_password: false, clicks: 0 });
    expect(link.id).to.match(/^lnk_/);
    expect(ok(await world.links('GET', `/v1/links/${link.id}`))).to.deep.equal(link);
  });

  it('takes a chosen slug once per domain (409 slug_taken) and refuses a malformed one (422 naming slug)', async () => {
    ok(await world.links('POST', '/v1/links', { url: SHOP, slug: 'black-friday_26' }), 201);
    const taken = await world.links('POST', '/v1/links', { url: SHOP, slug: 'black-friday_26' }, { key: await world.otherAccountKey() });
    refused(taken, 409, 'slug_taken');
    for (const slug of ['', 'has space', 'ü', 'x'.repeat(65)]) {
      const invalid = await world.links('POST', '/v1/links', { url: SHOP, slug });
      expect([invalid.status, invalid.body.error.details[0].path], slug).to.deep.equal([422, 'slug']);
    }
  });

  it('screens URLs: http(s) only, no private, loopback or metadata targets, no blocked hosts, no links to our short domain (422 naming url)', async () => {
    const refusedUrls = ['ftp://shop.example/file', 'javascript:alert(1)', 'http://127.0.0.1/admin', 'http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/', 'http://localhost:3000/', 'https://grabify.link/abc', 'https://tu.ma/s/abc', 'not a url'];
    for (const url of refusedUrls) {
      const answer = await world.links('POST', '/v1/links', { url });
      expect([answer.status, answer.body.error?.details?.[0]?.path], url).to.deep.equal([422, 'url']);
    }
    for (const url of ['https://grabify.link/abc', 'https://tu.ma/s/abc']) expect((await world.links('POST', '/v1/links', { url })).body.error.message, url).to.include('blocked');
    const expired = await world.links('POST', '/v1/links', { url: SHOP, expired_url: 'http://192.168.0.1/' });
    expect([expired.status, expired.body.error.details[0].path]).to.deep.equal([422, 'expired_url']);
  });

  it('lists newest first with limit (at most 200), offset, q, tag; patches and deletes; another account gets 404', async () => {
    const a = ok(await world.links('POST', '/v1/links', { url: SHOP, slug: 'list-a', tags: ['winter'] }), 201);
    const b = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/boots', slug: 'list-b', title: 'Boots' }), 201);
    const slugs = async (query: string) => ok(await world.links('GET', `/v1/links?${query}`)).data.map((link: { slug: string }) => link.slug);
    expect((await slugs('limit=2')).slice(0, 2)).to.deep.equal(['list-b', 'list-a']);
    expect(await slugs('q=boots')).to.deep.equal(['list-b']);
    expect(await slugs('tag=winter')).to.deep.equal(['list-a']);
    expect((await slugs('limit=1&offset=1'))).to.deep.equal(['list-a']);
    expect((await world.links('GET', '/v1/links?limit=201')).status).to.equal(422);

    const patched = ok(await world.links('PATCH', `/v1/links/${a.id}`, { url: 'https://shop.example/new', slug: 'list-a2', tags: [], password: 'open sesame', expires_at: '2030-01-01T00:00:00Z' }));
    expect(patched).to.include({ url: 'https://shop.example/new', slug: 'list-a2', has_password: true, expires_at: '2030-01-01T00:00:00.000Z' });
    refused(await world.links('PATCH', `/v1/links/${a.id}`, { slug: 'list-b' }), 409, 'slug_taken');
    expect(ok(await world.links('PATCH', `/v1/links/${a.id}`, { password: null })).has_password).to.equal(false);

    const other = await world.otherAccountKey();
    for (const [method, body] of [['GET'], ['PATCH', { title: 'mine' }], ['DELETE']] as const) {
      refused(await world.links(method, `/v1/links/${b.id}`, body, { key: other }), 404, 'not_found');
    }
    expect((await world.links('DELETE', `/v1/links/${b.id}`)).status).to.equal(204);
    refused(await world.links('GET', `/v1/links/${b.id}`), 404, 'not_found');
  });

  it('keeps test-environment links apart from live ones, and refuses writes without links:write (403)', async () => {
    const testKey = await world.newKey({ environment: 'test' });
    const testLink = ok(await world.links('POST', '/v1/links', { url: SHOP }, { key: testKey }), 201);
    expect(ok(await world.links('GET', '/v1/links?limit=200')).data.map((link: { id: string }) => link.id)).not.to.include(testLink.id);
    expect(ok(await world.links('GET', '/v1/links', undefined, { key: testKey })).data.map((link: { id: string }) => link.id)).to.deep.equal([testLink.id]);
    refused(await world.links('GET', `/v1/links/${testLink.id}`), 404, 'not_found');
    const reader = await world.newKey({ scopes: ['links:read'] });
    refused(await world.links('POST', '/v1/links', { url: SHOP }, { key: reader }), 403, 'insufficient_scope');
    ok(await world.links('GET', '/v1/links', undefined, { key: reader }));
  });

  it("refuses domain_id until branded domains exist, and a campaign_id not of the account's (422 naming them)", async () => {
    const domain = await world.links('POST', '/v1/links', { url: SHOP, domain_id: 'dom_x' });
    expect([domain.status, domain.body.error.details[0].path]).to.deep.equal([422, 'domain_id']);
    const campaign = await world.links('POST', '/v1/links', { url: SHOP, campaign_id: 'cmp_x' });
    expect([campaign.status, campaign.body.error.details[0].path]).to.deep.equal([422, 'campaign_id']);
  });
});
