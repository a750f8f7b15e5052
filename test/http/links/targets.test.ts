import { expect } from 'chai';
import { DnsZoneServer } from '../../../adapters/dns/test/support/dns-zone-server.ts';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';

/**
 * Link targets against the configured resolver (docs/links.md, "URL screening"): every name is
 * looked up on `DNS_SERVERS` (a real DNS server on 127.0.0.1, never the internet); a name it does
 * not know is a valid target, since a redirect never fetches it; names that resolve to private,
 * loopback or metadata addresses, and our own short domains (the default one and every account's
 * verified branded ones), are refused.
 */
describe(`HTTP link targets on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: LinksWorld;
  let zone: DnsZoneServer;
  let brand: { key: string };

  const refusedOn = async (field: 'url' | 'expired_url', url: string, key?: string) => {
    const body = field === 'url' ? { url } : { url: 'https://example.com/', expired_url: url };
    const answer = await world.links('POST', '/v1/links', body, { key });
    expect([answer.status, answer.body.error?.code, answer.body.error?.details?.[0]?.path], url).to.deep.equal([422, 'validation_error', field]);
    return answer.body.error.details[0].message as string;
  };

  before(async () => {
    zone = await new DnsZoneServer().start();
    zone
      .publishAddress('public.example', '93.184.216.34')
      .publishAddress('intranet.example', '10.20.30.40')
      .publishAddress('loopback.example', '127.0.0.53')
      .publishAddress('metadata.example', '169.254.169.254')
      .publishAddress('split.example', '93.184.216.34')
      .publishAddress('split.example', 'fd00::1');
    world = await startLinksWorld({ DNS_SERVERS: zone.address, SHORT_BASE_URL: 'https://tu.ma/s', PASSWORD_HASH_COST: '10' });
    brand = await world.paidAccount('business');
  });
  after(async () => {
    await world.stop();
    await zone.close();
  });

  it('accepts a name the configured resolver does not know (example.com offline, a domain going live tomorrow) and one that resolves to a public address (201)', async () => {
    for (const url of ['https://example.com/', 'https://launch-tomorrow.example/spring?ref=sms', 'https://public.example/']) {
      expect(ok(await world.links('POST', '/v1/links', { url }), 201).url, url).to.equal(url);
    }
    const link = ok(await world.links('POST', '/v1/links', { url: 'https://public.example/', expired_url: 'https://not-yet.example/' }), 201);
    expect(ok(await world.links('PATCH', `/v1/links/${link.id}`, { url: 'https://also-not-yet.example/' })).url).to.equal('https://also-not-yet.example/');
  });

  it('refuses names resolving to private, loopback or metadata addresses on the configured resolver, and literal ones (422 naming the field)', async () => {
    expect(await refusedOn('url', 'https://intranet.example/admin')).to.equal('Refused: intranet.example resolves to 10.20.30.40, a private address (10.0.0.0/8)');
    expect(await refusedOn('url', 'http://loopback.example/')).to.include('resolves to 127.0.0.53, a loopback address');
    expect(await refusedOn('url', 'http://metadata.example/latest/meta-data')).to.include('resolves to 169.254.169.254, the cloud metadata service');
    expect(await refusedOn('url', 'https://split.example/'), 'one private record is enough').to.include('resolves to fd00::1');
    for (const url of ['http://10.0.0.1/', 'http://127.0.0.1:8080/', 'http://169.254.169.254/', 'http://[::1]/', 'http://0x7f.1/', 'http://localhost/']) await refusedOn('url', url);
    await refusedOn('expired_url', 'https://intranet.example/');
    const link = ok(await world.links('POST', '/v1/links', { url: 'https://example.com/' }), 201);
    const patched = await world.links('PATCH', `/v1/links/${link.id}`, { url: 'http://metadata.example/' });
    expect([patched.status, patched.body.error.details[0].path]).to.deep.equal([422, 'url']);
  });

  it('refuses every verified branded host of any account as a target, so a branded link cannot redirect to itself, and the default short domain (422 naming url)', async () => {
    const links = (method: string, path: string, body?: unknown) => world.links(method, path, body, { key: brand.key });
    const domain = ok(await links('POST', '/v1/domains', { hostname: 'go.brand.example' }), 201);
    expect(ok(await links('POST', '/v1/links', { url: 'https://go.brand.example/x' }), 201).url, 'pending: not served yet, so no loop').to.equal('https://go.brand.example/x');
    zone.publishTxt('_svc-links.go.brand.example', domain.verify_token);
    ok(await links('POST', `/v1/domains/${domain.id}/verify`));

    const self = await links('POST', '/v1/links', { url: 'https://go.brand.example/x', slug: 'x', domain_id: domain.id });
    expect([self.status, self.body.error.details[0].path]).to.deep.equal([422, 'url']);
    expect(self.body.error.details[0].message).to.equal('Refused: go.brand.example is blocked (a known-bad host, or one of our short domains)');
    const other = await world.otherAccountKey();
    for (const url of ['https://go.brand.example/x', 'http://GO.Brand.Example./y', 'https://go.brand.example:8443/']) await refusedOn('url', url, other);
    await refusedOn('expired_url', 'https://go.brand.example/', other);
    for (const url of ['https://tu.ma/s/abc', 'https://www.tu.ma/']) await refusedOn('url', url);

    // Exactly the branded hostname: the customer's other names (its apex site, a sibling) stay valid targets.
    for (const url of ['https://brand.example/', 'https://www.go.brand.example/']) expect(ok(await links('POST', '/v1/links', { url }), 201).url).to.equal(url);
    const onDomain = ok(await links('POST', '/v1/links', { url: 'https://brand.example/spring', domain_id: domain.id }), 201);
    const moved = await links('PATCH', `/v1/links/${onDomain.id}`, { url: `https://go.brand.example/${onDomain.slug}` });
    expect([moved.status, moved.body.error.details[0].path]).to.deep.equal([422, 'url']);
  });

  it('keeps a click webhook, which is fetched, to names that resolve on the configured resolver, to public addresses only (422 naming url)', async () => {
    for (const url of ['https://launch-tomorrow.example/hook', 'https://intranet.example/hook']) {
      const answer = await world.links('POST', '/v1/webhooks', { url, events: ['link.clicked'] }, { key: brand.key });
      expect([answer.status, answer.body.error.details[0].path], url).to.deep.equal([422, 'url']);
    }
    const created = ok(await world.links('POST', '/v1/webhooks', { url: 'https://public.example/hook', events: ['link.clicked'] }, { key: brand.key }), 201);
    expect(created.url).to.equal('https://public.example/hook');
  });
});

/** A machine offline: DNS_SERVERS names a server that never answers (nothing listens on 127.0.0.1:9). */
describe(`HTTP link targets with DNS unreachable on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: LinksWorld;

  before(async () => {
    world = await startLinksWorld({ DNS_SERVERS: '127.0.0.1:9' });
  });
  after(() => world.stop());

  it('shortens https://example.com/ all the same (201), and still refuses a literal private address (422 naming url)', async () => {
    expect(ok(await world.links('POST', '/v1/links', { url: 'https://example.com/' }), 201).url).to.equal('https://example.com/');
    const literal = await world.links('POST', '/v1/links', { url: 'http://192.168.1.1/' });
    expect([literal.status, literal.body.error.details[0].path]).to.deep.equal([422, 'url']);
  });
});
