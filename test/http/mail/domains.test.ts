import { expect } from 'chai';
import { DnsZoneServer } from '../../../adapters/dns/test/support/dns-zone-server.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

interface RecordView {
  record: string;
  type: string;
  name: string;
  value: string;
  status: string;
}

/** Mail domains over HTTP (docs/mail.md): added with their records, verified against a real DNS server on 127.0.0.1. */
describe(`HTTP mail domains on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let dns: DnsZoneServer;
  let manager: string;
  let reader: string;

  const mail = (method: string, path: string, key: string, body?: unknown) => api.request(method, path, { api: 'mail', key, body });
  const recordOf = (domain: { records: RecordView[] }, purpose: string) => domain.records.find((record) => record.record === purpose)!;

  before(async () => {
    dns = await new DnsZoneServer().start();
    api = await startTestServer({ DNS_SERVERS: dns.address });
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'mail-domains@example.com' } }), 201);
    manager = ok(await api.request('POST', `/api/admin/accounts/${account.id}/mail-keys`, { key: ADMIN_KEY, body: { name: 'root', permissions: ['manage'] } }), 201).key;
    reader = ok(await mail('POST', '/v1/api-keys', manager, { name: 'reader', permissions: ['read'] }), 201).key;
  });
  after(async () => {
    await api.stop();
    await dns.close();
  });

  it('adds a domain with its records and never its key, verifies it once SPF and DKIM are published', async () => {
    const added = ok(await mail('POST', '/v1/domains/', manager, { name: 'Shop.Example.com.' }), 201);
    expect(added).to.include({ name: 'shop.example.com', region: 'af-south-1', status: 'pending', open_tracking: false, click_tracking: false });
    expect(added.id).to.match(/^dom_/);
    expect(JSON.stringify(added)).not.to.contain('PRIVATE');
    expect(added.records.map((record: RecordView) => [record.record, record.type, record.name])).to.deep.equal([
      ['spf', 'TXT', 'shop.example.com'],
      ['dkim', 'TXT', `${added.dkim_selector}._domainkey.shop.example.com`],
      ['return_path_mx', 'MX', 'bounces.shop.example.com'],
      ['return_path_spf', 'TXT', 'bounces.shop.example.com'],
      ['dmarc', 'TXT', '_dmarc.shop.example.com'],
    ]);

    dns.publishTxt('shop.example.com', recordOf(added, 'spf').value);
    const missing = await mail('POST', `/v1/domains/${added.id}/verify`, manager);
    expect([missing.status, missing.body.error.code]).to.deep.equal([400, 'dns_records_not_found']);
    expect(missing.body.error.missing).to.deep.equal([{ purpose: 'dkim', host: recordOf(added, 'dkim').name, status: 'not_found' }]);
    const checked = ok(await mail('GET', `/v1/domains/${added.id}`, reader));
    expect([checked.status, recordOf(checked, 'spf').status, recordOf(checked, 'dkim').status]).to.deep.equal(['failed', 'verified', 'not_found']);

    const dkim = recordOf(added, 'dkim').value;
    dns.publishTxt(recordOf(added, 'dkim').name, dkim.slice(0, 255), dkim.slice(255));
    const verified = ok(await mail('POST', `/v1/domains/${added.id}/verify`, manager));
    expect(verified.status).to.equal('verified');
    expect(verified.checked_at).to.be.a('string');
    expect(ok(await mail('GET', '/v1/domains', reader)).data.map((domain: { name: string }) => domain.name)).to.deep.equal(['shop.example.com']);
  });

  it('answers 409 domain_already_exists, 422 naming a bad name, 404 for an unknown id', async () => {
    ok(await mail('POST', '/v1/domains', manager, { name: 'twice.example.org' }), 201);
    const again = await mail('POST', '/v1/domains', manager, { name: 'TWICE.example.org' });
    expect([again.status, again.body.error.code, again.body.error.name]).to.deep.equal([409, 'domain_already_exists', 'twice.example.org']);
    for (const name of ['co.ke', 'localhost', '10.0.0.1']) {
      const refused = await mail('POST', '/v1/domains', manager, { name });
      expect([refused.status, refused.body.error.details?.[0]?.path], name).to.deep.equal([422, 'name']);
    }
    const region = await mail('POST', '/v1/domains', manager, { name: 'region.example.org', region: 'mars-1' });
    expect([region.status, region.body.error.details[0].path]).to.deep.equal([422, 'region']);
    expect((await mail('GET', '/v1/domains/dom_01KAAAAAAAAAAAAAAAAAAAAAAA', reader)).status).to.equal(404);
  });

  it('sets tracking, deletes, and keeps changes to keys that manage (403 insufficient_scope for a reader)', async () => {
    const domain = ok(await mail('POST', '/v1/domains', manager, { name: 'track.example.net', region: 'eu-west-1' }), 201);
    const refused = await mail('PATCH', `/v1/domains/${domain.id}`, reader, { open_tracking: true });
    expect([refused.status, refused.body.error.code]).to.deep.equal([403, 'insufficient_scope']);
    expect(ok(await mail('PATCH', `/v1/domains/${domain.id}/`, manager, { open_tracking: true }))).to.include({ open_tracking: true, click_tracking: false, region: 'eu-west-1' });
    expect((await mail('DELETE', `/v1/domains/${domain.id}`, manager)).status).to.equal(204);
    expect((await mail('GET', `/v1/domains/${domain.id}`, reader)).status).to.equal(404);
  });
});
