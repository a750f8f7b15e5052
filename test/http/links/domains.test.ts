import { expect } from 'chai';
import { DnsZoneServer } from '../../../adapters/dns/test/support/dns-zone-server.ts';
import { hostRequest } from '../../support/host-request.ts';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * Branded domains (docs/links.md, "Branded domains"): added on a plan that has them, verified by a
 * TXT record published in a real DNS server, links on them, redirects by Host at the root path,
 * Caddy's ask endpoint, the plan's max_domains, and a deletion that takes its links.
 */
describe(`HTTP branded domains on ${databaseKind()}`, function () {
  this.timeout(90_000);
  let world: LinksWorld;
  let zone: DnsZoneServer;
  let paid: { accountId: string; key: string };
  const as = (key: string) => (method: string, path: string, body?: unknown) => world.links(method, path, body, { key });
  const onHost = (host: string, path: string, options: Parameters<typeof hostRequest>[3] = {}) =>
    hostRequest(world.api.baseUrl, host, path, { ...options, headers: { 'User-Agent': IPHONE, 'X-Forwarded-For': '41.90.64.1', ...options.headers } });

  before(async () => {
    zone = await new DnsZoneServer().start();
    world = await startLinksWorld({ DNS_SERVERS: zone.address, WEBHOOK_ALLOW_HOSTS: 'shop.example', PASSWORD_HASH_COST: '10', TRUST_PROXY_HOPS: '1', CLICK_FLUSH_MS: '50' });
    paid = await world.paidAccount('starter');
  });
  after(async () => {
    await world.stop();
    await zone.close();
  });

  it('refuses branded domains on the free plan (403 plan_feature_unavailable), and invalid hostnames (422 naming hostname)', async () => {
    const refusal = await world.links('POST', '/v1/domains', { hostname: 'go.free.example' });
    refused(refusal, 403, 'plan_feature_unavailable');
    expect(refusal.body.error).to.include({ tier: 'free', feature: 'hasBrandedDomains' });
    for (const hostname of ['localhost', 'not a host', 'https://go.example.com/x', '10.0.0.1', 'go.example.123', '-go.example.com']) {
      const invalid = await as(paid.key)('POST', '/v1/domains', { hostname });
      refused(invalid, 422, 'validation_error');
      expect(invalid.body.error.details[0].path, hostname).to.equal('hostname');
    }
  });

  it('adds a pending domain with its TXT record, 409 for a hostname anyone has, 400 until the record is published, then verifies it', async () => {
    const links = as(paid.key);
    const domain = ok(await links('POST', '/v1/domains', { hostname: 'Go.Acme.Example.' }), 201);
    expect(domain).to.include({ hostname: 'go.acme.example', verified: false, tls_ready: false });
    expect(domain.id).to.match(/^bdm_/);
    expect(domain.txt_record).to.equal(`_svc-links.go.acme.example TXT ${domain.verify_token}`);
    refused(await links('POST', '/v1/domains', { hostname: 'go.acme.example' }), 409, 'hostname_taken');
    const other = await world.paidAccount('starter');
    const taken = await as(other.key)('POST', '/v1/domains', { hostname: 'go.acme.example' });
    refused(taken, 409, 'hostname_taken');
    expect(taken.body.error.hostname).to.equal('go.acme.example');

    const early = await links('POST', `/v1/domains/${domain.id}/verify`);
    refused(early, 400, 'txt_record_not_found');
    expect(early.body.error).to.include({ txt_record: domain.txt_record, reason: 'not_found' });
    zone.publishTxt('_svc-links.go.acme.example', 'some other record');
    refused(await links('POST', `/v1/domains/${domain.id}/verify`), 400, 'txt_record_not_found');
    zone.publishTxt('_svc-links.go.acme.example', domain.verify_token);
    const verified = ok(await links('POST', `/v1/domains/${domain.id}/verify`));
    expect(verified).to.include({ id: domain.id, verified: true, tls_ready: false });
    expect(verified).to.not.have.property('txt_record');
    expect(ok(await links('GET', '/v1/domains')).map((d: { hostname: string }) => d.hostname)).to.deep.equal(['go.acme.example']);
    expect(ok(await links('GET', `/v1/domains/${domain.id}`))).to.deep.equal(verified);
    refused(await as(other.key)('GET', `/v1/domains/${domain.id}`), 404, 'not_found');
    expect(ok(await as(other.key)('GET', '/v1/domains'))).to.deep.equal([]);
  });

  it('makes links on a verified domain only, redirects them by Host at the root path as /s does, and answers Caddy’s ask', async () => {
    const links = as(paid.key);
    const domain = ok(await links('POST', '/v1/domains', { hostname: 'links.shop.example' }), 201);
    const pending = await links('POST', '/v1/links', { url: 'https://shop.example/p', domain_id: domain.id });
    refused(pending, 422, 'validation_error');
    expect(pending.body.error.details[0].path).to.equal('domain_id');
    expect((await world.api.request('GET', `/internal/tls/ask?domain=links.shop.example`)).status, 'pending: no certificate').to.equal(404);
    zone.publishTxt('_svc-links.links.shop.example', domain.verify_token);
    ok(await links('POST', `/v1/domains/${domain.id}/verify`));
    expect(ok(await world.api.request('GET', '/internal/tls/ask?domain=LINKS.shop.example'))).to.deep.equal({ domain: 'LINKS.shop.example' });
    expect((await world.api.request('GET', '/internal/tls/ask?domain=unknown.example')).status).to.equal(404);
    refused(await world.links('POST', '/v1/links', { url: 'https://shop.example/p', domain_id: domain.id }), 422, 'validation_error');

    const link = ok(await links('POST', '/v1/links', { url: 'https://shop.example/p', slug: 'spring', domain_id: domain.id, utm: { source: 'sms' } }), 201);
    expect(link).to.include({ domain_id: domain.id, short_url: 'https://links.shop.example/spring' });
    expect(ok(await links('POST', '/v1/links', { url: 'https://shop.example/q', slug: 'spring' }), 201).short_url, 'the same slug on the default domain').to.match(/\/s\/spring$/);
    refused(await links('POST', '/v1/links', { url: 'https://shop.example/r', slug: 'spring', domain_id: domain.id }), 409, 'slug_taken');
    expect(ok(await links('GET', `/v1/links/${link.id}`)).short_url).to.equal('https://links.shop.example/spring');
    expect(ok(await links('POST', '/v1/qr', { link_id: link.id }), 201).target_url, 'its QR code encodes the branded URL').to.equal('https://links.shop.example/spring');

    const visit = await onHost('links.shop.example', '/spring');
    expect([visit.status, visit.headers.location]).to.deep.equal([302, 'https://shop.example/p?utm_source=sms']);
    expect(visit.headers['cache-control']).to.include('no-store');
    expect((await onHost('LINKS.SHOP.EXAMPLE:443', '/spring')).status, 'Host with a port, in capitals').to.equal(302);
    expect((await onHost('links.shop.example', '/no-such')).status).to.equal(404);
    expect((await onHost('links.shop.example', '/')).status).to.equal(404);
    expect((await onHost('links.shop.example', '/s/spring')).status, 'the default domain’s path is not served there').to.equal(404);
    expect((await until('the click counted', () => links('GET', `/v1/links/${link.id}`), (r) => r.body.clicks === 2)).body.clicks).to.equal(2);

    const locked = ok(await links('POST', '/v1/links', { url: 'https://shop.example/secret', slug: 'locked', password: 'open sesame', domain_id: domain.id }), 201);
    const page = await onHost('links.shop.example', '/locked');
    expect([page.status, page.text]).to.satisfy(([status, text]: [number, string]) => status === 200 && text.includes('action="locked"'));
    const form = (password: string) => onHost('links.shop.example', '/locked', { method: 'POST', body: `password=${encodeURIComponent(password)}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect((await form('wrong')).status).to.equal(403);
    const opened = await form('open sesame');
    expect([opened.status, opened.headers.location]).to.deep.equal([302, 'https://shop.example/secret']);
    ok(await links('PATCH', `/v1/links/${locked.id}`, { expires_at: new Date(Date.now() - 1000).toISOString() }));
    expect((await onHost('links.shop.example', '/locked')).status, 'expired').to.equal(410);

    expect((await onHost('unknown.example', '/health')).status, 'any other host reaches the APIs').to.equal(200);
  });

  it('deletes a domain with its links (their short URLs stop at once), and caps domains at the plan’s max_domains (402)', async () => {
    const owner = await world.paidAccount('starter');
    const links = as(owner.key);
    const domain = ok(await links('POST', '/v1/domains', { hostname: 'go.gone.example' }), 201);
    zone.publishTxt('_svc-links.go.gone.example', domain.verify_token);
    ok(await links('POST', `/v1/domains/${domain.id}/verify`));
    const link = ok(await links('POST', '/v1/links', { url: 'https://shop.example/gone', slug: 'bye', domain_id: domain.id }), 201);
    expect((await onHost('go.gone.example', '/bye')).status).to.equal(302);
    refused(await as(paid.key)('DELETE', `/v1/domains/${domain.id}`), 404, 'not_found');
    expect((await links('DELETE', `/v1/domains/${domain.id}`)).status).to.equal(204);
    refused(await links('GET', `/v1/links/${link.id}`), 404, 'not_found');
    expect((await onHost('go.gone.example', '/bye')).status).to.equal(404);
    expect((await world.api.request('GET', '/internal/tls/ask?domain=go.gone.example')).status).to.equal(404);
    refused(await links('GET', `/v1/domains/${domain.id}`), 404, 'not_found');

    for (let i = 0; i < 10; i++) ok(await links('POST', '/v1/domains', { hostname: `d${i}.cap.example` }), 201);
    const capped = await links('POST', '/v1/domains', { hostname: 'd10.cap.example' });
    refused(capped, 402, 'plan_limit_reached');
    expect(capped.body.error).to.include({ product: 'links', tier: 'starter', resource: 'max_domains', limit: 10 });
  });
});
