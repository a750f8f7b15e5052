import { expect } from 'chai';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A Safaricom (Kenya) address in the GeoIP data. */
const NAIROBI = '41.90.64.1';

/** Redirects, clicks and analytics of short links (docs/links.md, "Redirects", "Clicks", "Analytics"). */
describe(`HTTP short-link redirects and analytics on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: LinksWorld;

  /** A visit of `/s/{slug}` on the root app, as a browser behind the one trusted proxy. */
  const visit = (slug: string, options: { method?: string; ua?: string; ip?: string; referer?: string; form?: string } = {}) =>
    world.api.request(options.method ?? 'GET', `/s/${slug}`, {
      rawBody: options.form,
      headers: {
        'User-Agent': options.ua ?? IPHONE,
        'X-Forwarded-For': options.ip ?? NAIROBI,
        ...(options.referer ? { Referer: options.referer } : {}),
        ...(options.form !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
  const create = async (body: Record<string, unknown>, key?: string) => ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/p?ref=home', ...body }, { key }), 201);

  before(async () => {
    world = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: 'shop.example', TRUST_PROXY: 'true', CLICK_FLUSH_MS: '50', PASSWORD_HASH_COST: '10' });
  });
  after(() => world.stop());

  it('redirects 302 to the target with its UTM merged, counts humans once per visitor a day, leaves bots out, and reads the analytics', async () => {
    // A plan with country and device analytics (the free plan shows neither: below).
    const { key } = await world.paidAccount('starter');
    const link = await create({ utm: { source: 'sms', campaign: 'spring' } }, key);
    const first = await visit(link.slug, { referer: 'https://news.example/article' });
    expect(first.status).to.equal(302);
    expect(first.headers.get('location')).to.equal('https://shop.example/p?ref=home&utm_source=sms&utm_campaign=spring');
    expect(first.headers.get('cache-control')).to.include('no-store');
    await visit(link.slug);
    await visit(link.slug, { ua: DESKTOP_CHROME, ip: '8.8.8.8' });
    expect((await visit(link.slug, { ua: GOOGLEBOT })).status, 'a bot is redirected too').to.equal(302);

    const read = async () => ok(await world.links('GET', `/v1/links/${link.id}`, undefined, { key }));
    expect((await until('the clicks flushed', read, (l) => l.clicks >= 3)).clicks, 'the bot is not counted').to.equal(3);
    const analytics = ok(await world.links('GET', `/v1/analytics/${link.id}?days=3`, undefined, { key }));
    const today = new Date().toISOString().slice(0, 10);
    expect(analytics).to.deep.include({ link_id: link.id, range_days: 3, totals: { clicks: 3, uniques: 2 } });
    expect(analytics.timeline).to.have.length(3);
    expect(analytics.timeline[2]).to.deep.equal({ day: today, clicks: 3, uniques: 2 });
    expect(analytics.timeline.slice(0, 2).map((d: { clicks: number }) => d.clicks), 'gap-filled').to.deep.equal([0, 0]);
    expect(analytics.by_country).to.deep.equal({ KE: 2, US: 1 });
    expect(analytics.by_device).to.deep.equal({ mobile: 2, desktop: 1 });
    expect(analytics.by_browser).to.deep.equal({ Safari: 2, Chrome: 1 });
    expect(analytics.by_referrer).to.deep.equal({ 'news.example': 1, direct: 2 });
    expect(ok(await world.links('GET', `/v1/analytics/${link.id}`, undefined, { key })).range_days, 'default window').to.equal(14);
    expect((await world.links('GET', `/v1/analytics/${link.id}?days=366`, undefined, { key })).status).to.equal(422);
    refused(await world.links('GET', `/v1/analytics/${link.id}`, undefined, { key: await world.otherAccountKey() }), 404, 'not_found');
  });

  it('shows the free plan the same analytics without countries, devices and browsers (has_country_device_analytics)', async () => {
    const link = await create({});
    await visit(link.slug, { referer: 'https://news.example/a' });
    await until('the click flushed', async () => ok(await world.links('GET', `/v1/links/${link.id}`)), (l) => l.clicks === 1);
    const analytics = ok(await world.links('GET', `/v1/analytics/${link.id}?days=1`));
    expect(analytics).to.deep.include({ totals: { clicks: 1, uniques: 1 }, by_country: {}, by_device: {}, by_browser: {}, by_referrer: { 'news.example': 1 } });
  });

  it('follows a changed target at once, and answers 404 once the link is deleted', async () => {
    const link = await create({ slug: 'moving' });
    expect((await visit('moving')).headers.get('location')).to.equal('https://shop.example/p?ref=home');
    ok(await world.links('PATCH', `/v1/links/${link.id}`, { url: 'https://shop.example/moved' }));
    expect((await visit('moving')).headers.get('location')).to.equal('https://shop.example/moved');
    expect((await world.links('DELETE', `/v1/links/${link.id}`)).status).to.equal(204);
    expect((await visit('moving')).status).to.equal(404);
  });

  it('after expires_at sends to expired_url, or answers 410; unknown slugs get the 404 page', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const withFallback = await create({ expires_at: past, expired_url: 'https://shop.example/over' });
    const moved = await visit(withFallback.slug);
    expect([moved.status, moved.headers.get('location')]).to.deep.equal([302, 'https://shop.example/over']);
    const gone = await visit((await create({ expires_at: past })).slug);
    expect([gone.status, gone.headers.get('content-type')]).to.deep.equal([410, 'text/html; charset=utf-8']);
    const missing = await visit('no-such-slug');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.include('There is no such link');
  });

  it('asks for the password of a protected link, redirects on the right one (counted), shows the form again on a wrong one', async () => {
    const link = await create({ password: 'open sesame' });
    const page = await visit(link.slug);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('name="password"');
    expect(page.text).not.to.include('shop.example');
    const wrong = await visit(link.slug, { method: 'POST', form: 'password=nope' });
    expect(wrong.status).to.equal(403);
    expect(wrong.text).to.include('not right');
    const right = await visit(link.slug, { method: 'POST', form: 'password=open+sesame' });
    expect([right.status, right.headers.get('location')]).to.deep.equal([302, 'https://shop.example/p?ref=home']);
    await until('the unlocked click counted', async () => ok(await world.links('GET', `/v1/links/${link.id}`)), (l) => l.clicks === 1);
  });

  it("slows guesses at a link's password (5 wrong from a visitor, then 429 with Retry-After, unchecked, the right one too) while another visitor's right one opens it; refuses passwords under 8 characters", async () => {
    const short = await world.links('POST', '/v1/links', { url: 'https://shop.example/p', password: '1' });
    expect([short.status, short.body.error.details[0].path]).to.deep.equal([422, 'password']);
    const link = await create({ password: 'open sesame' });
    for (let i = 0; i < 5; i++) expect((await visit(link.slug, { method: 'POST', form: `password=guess${i}`, ip: '203.0.113.40' })).status).to.equal(403);
    const held = await visit(link.slug, { method: 'POST', form: 'password=open+sesame', ip: '203.0.113.40' });
    expect([held.status, held.headers.get('retry-after'), held.headers.get('content-type')]).to.deep.equal([429, '1', 'text/html; charset=utf-8']);
    expect(held.text).to.include('Too many tries: wait 1 s');
    const other = await visit(link.slug, { method: 'POST', form: 'password=open+sesame', ip: '203.0.113.41' });
    expect([other.status, other.headers.get('location')]).to.deep.equal([302, 'https://shop.example/p?ref=home']);
  });

  it('is a host of its own: HEAD answers as GET without counting a click, other methods 405, malformed slugs the 404 page; a click carries no request id (it is not logged: the click is its record), the password form does', async () => {
    const link = await create({ slug: 'headed' });
    const head = await visit(link.slug, { method: 'HEAD' });
    expect([head.status, head.headers.get('location')]).to.deep.equal([302, 'https://shop.example/p?ref=home']);
    expect(head.headers.get('x-request-id')).to.equal(null);
    expect(head.headers.get('ratelimit-limit'), 'no RateLimit-* headers for a browser').to.equal(null);
    expect((await visit(link.slug)).status).to.equal(302);
    await until('the GET counted', async () => ok(await world.links('GET', `/v1/links/${link.id}`)), (l) => l.clicks >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ok(await world.links('GET', `/v1/links/${link.id}`)).clicks, 'the HEAD is no visit').to.equal(1);
    const put = await visit(link.slug, { method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).to.deep.equal([405, 'GET, HEAD, POST']);
    expect((await visit('not%20a%20slug')).status).to.equal(404);
    expect((await world.api.request('GET', '/s')).status, 'the bare base path').to.equal(404);
    const form = await visit(link.slug, { method: 'POST', form: undefined });
    expect(form.status, 'a password POST to an open link redirects').to.equal(302);
    expect(form.headers.get('x-request-id')).to.match(/^req_/);
  });
});

/** A server of its own, started after the one above stopped (both use the test database). */
describe(`HTTP short-link redirects held to the per-address rate limit on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let limited: LinksWorld;
  before(async () => {
    limited = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: 'shop.example', TRUST_PROXY: 'true', RATE_LIMIT_IP_PER_SECOND: '1', RATE_LIMIT_IP_BURST: '2' });
  });
  after(() => limited.stop());

  it('holds each visitor address to the per-address limit: a 429 with Retry-After and the RateLimit-* headers once over it', async () => {
    const { slug } = ok(await limited.links('POST', '/v1/links', { url: 'https://shop.example/p' }), 201);
    const follow = () => limited.api.request('GET', `/s/${slug}`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    // Six at once against a burst of 2 (1 a second more): two or three pass, the rest are refused.
    const answers = await Promise.all(Array.from({ length: 6 }, follow));
    const passed = answers.filter((a) => a.status === 302);
    const refusals = answers.filter((a) => a.status === 429);
    expect(passed.length).to.be.within(2, 3);
    expect(refusals.length).to.equal(6 - passed.length);
    expect(refusals[0]!.headers.get('retry-after')).to.match(/^\d+$/);
    expect(refusals[0]!.headers.get('ratelimit-limit')).to.equal('1');
    expect(passed[0]!.headers.get('ratelimit-limit'), 'none on a redirect').to.equal(null);
    expect((await limited.api.request('GET', `/s/${slug}`, { headers: { 'X-Forwarded-For': '203.0.113.10' } })).status, 'another visitor').to.equal(302);
  });
});
