import { expect } from 'chai';
import { DnsZoneServer } from '../../../adapters/dns/test/support/dns-zone-server.ts';
import { accountServiceClient, ok, PASSWORD } from '../../support/account-service-client.ts';
import { ConsoleClient } from '../../support/console-client.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * The console's mail contacts, broadcasts and forwards, and links' domains and click webhooks,
 * over plain HTTP: CSRF on their forms, one account never reaching another's, a broadcast form
 * posted twice sending once (docs/dashboard.md).
 */
describe('web console mail and links pages: CSRF, tenant isolation, one broadcast per form', function () {
  this.timeout(90_000);
  let api: TestServer;
  let dns: DnsZoneServer;
  let domains = 0;
  const users = accountServiceClient(() => api, 'console-mail-links');

  before(async () => {
    dns = await new DnsZoneServer().start();
    api = await startTestServer({ PASSWORD_HASH_COST: '10', DNS_SERVERS: dns.address, WEBHOOK_ALLOW_HOSTS: 'shop.example' });
  });
  after(async () => {
    await api?.stop();
    await dns?.close();
  });

  /** A signed-up user signed in to the console, on the links business plan, with a verified mail domain (through the mail API). */
  async function member() {
    const user = await users.signUp();
    const client = new ConsoleClient(`${api.baseUrl}/app`);
    await client.get('/sign-in');
    expect((await client.post('/sign-in', { email: user.email, password: PASSWORD })).status).to.equal(303);
    ok(await api.request('POST', `/api/admin/balances/${user.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 100, reason: 'links plan', reference: `links-plan-${user.accountId}` } }));
    ok(await users.auth('POST', '/subscriptions', { token: user.token, body: { product: 'links', tier: 'business' } }), 201);
    const key = ok(await api.request('POST', `/api/admin/accounts/${user.accountId}/mail-keys`, { key: ADMIN_KEY, body: { name: 'all', permissions: ['send', 'read', 'manage'] } }), 201).key as string;
    const name = `shop-${++domains}.console.example`;
    const domain = ok(await api.request('POST', '/v1/domains', { api: 'mail', key, body: { name } }), 201);
    for (const record of domain.records.filter((r: { required: boolean }) => r.required)) dns.publishTxt(record.name, record.value.slice(0, 255), record.value.slice(255));
    expect(ok(await api.request('POST', `/v1/domains/${domain.id}/verify`, { api: 'mail', key })).status).to.equal('verified');
    return { client, domain: name, key };
  }
  const idIn = (text: string | null, prefix: string) => new RegExp(`/(${prefix}_[0-9A-Z]{26})`).exec(text ?? '')?.[1] ?? '';

  it('refuses each new form posted without the form token (403), and creates nothing', async () => {
    const { client, domain } = await member();
    await client.get('/mail/contacts');
    const list = idIn((await client.post('/mail/contacts', { name: 'Readers' })).location, 'cl');
    expect(list).to.not.equal('');
    const forms: [string, Record<string, string>, string][] = [
      ['/mail/contacts', { name: 'Other' }, '/mail/contacts'],
      [`/mail/contacts/${list}/contacts`, { email: 'ama@example.org' }, `/mail/contacts/${list}`],
      [`/mail/contacts/${list}/rename`, { name: 'Renamed' }, `/mail/contacts/${list}`],
      [`/mail/contacts/${list}/delete`, {}, '/mail/contacts'],
      ['/mail/broadcasts', { list_id: list, from: `news@${domain}`, subject: 'Hi', html: '<p>Hi</p>', idempotency_key: 'console-csrf-test' }, '/mail/broadcasts'],
      ['/mail/forwards', { from: `hello@${domain}`, to: 'me@example.org' }, '/mail/forwards'],
      ['/links/domains', { hostname: 'go.csrf.example' }, '/links/domains'],
      ['/links/webhooks', { url: 'https://shop.example/hook', events: 'link.clicked' }, '/links/webhooks'],
    ];
    for (const [path, fields, listPath] of forms) {
      const before = (await client.get(listPath)).html.replace(/name="idempotency_key" value="[^"]+"/, '');
      for (const csrf of [false, 'forged-token-of-the-right-length-0123'] as const) {
        const refused = await client.post(path, fields, { csrf });
        expect(refused.status, `${path} without the token`).to.equal(403);
        expect(refused.html).to.contain('did not come from the console');
      }
      expect((await client.get(listPath)).html.replace(/name="idempotency_key" value="[^"]+"/, ''), `${path} changed nothing`).to.equal(before);
    }
  });

  it('sends a broadcast form posted twice once, and refuses a from outside the verified domains next to its field', async () => {
    const { client, domain, key } = await member();
    await client.get('/mail/contacts');
    const list = idIn((await client.post('/mail/contacts', { name: 'Buyers' })).location, 'cl');
    expect((await client.post(`/mail/contacts/${list}/contacts`, { email: 'ama@example.org', first_name: 'Ama', data: 'plan=gold' })).status).to.equal(303);
    const bad = await client.post(`/mail/contacts/${list}/contacts`, { email: 'not an address' });
    expect(bad.status).to.equal(422);
    expect(bad.html).to.match(/id="f-email-error">[^<]+</);

    // A contact edited: a line that is not key=value said next to its field, then names and data saved.
    const contact = /\/contacts\/(ct_[0-9A-Z]{26})"/.exec((await client.get(`/mail/contacts/${list}`)).html)![1]!;
    const badData = await client.post(`/mail/contacts/${list}/contacts/${contact}`, { first_name: 'Ama', last_name: 'Mensah', data: 'plan gold' });
    expect(badData.status).to.equal(422);
    expect(badData.html).to.match(/id="f-data-error">[^<]*plan gold/);
    expect((await client.post(`/mail/contacts/${list}/contacts/${contact}`, { first_name: 'Ama', last_name: 'Mensah', data: 'plan=platinum\ncity=Accra' })).status).to.equal(303);
    expect(ok(await api.request('GET', `/v1/contacts/lists/${list}/contacts/${contact}`, { api: 'mail', key }))).to.deep.include({ first_name: 'Ama', last_name: 'Mensah', data: { plan: 'platinum', city: 'Accra' } });
    const searched = (await client.get(`/mail/contacts/${list}?q=mensah`)).html;
    expect(searched).to.contain('ama@example.org').and.to.contain('Contacts matching “mensah” (1)');

    const compose = (await client.get('/mail/broadcasts')).html;
    const oneTimeKey = /name="idempotency_key" value="([^"]+)"/.exec(compose)![1]!;
    const refused = await client.post('/mail/broadcasts', { idempotency_key: oneTimeKey, list_id: list, from: 'news@elsewhere.example', subject: 'Hi {{first_name}}', html: '<p>Hi</p>' });
    expect(refused.status).to.equal(403);
    expect(refused.html).to.match(/id="f-from-error">[^<]*elsewhere\.example/);
    expect(refused.html, 'a new one-time key for the corrected form').to.not.contain(oneTimeKey);
    const badTime = await client.post('/mail/broadcasts', { idempotency_key: 'console-bad-time', list_id: list, from: `news@${domain}`, subject: 'Hi', html: '<p>Hi</p>', scheduled_at: 'tomorrow' });
    expect(badTime.status).to.equal(422);
    expect(badTime.html).to.match(/id="f-scheduled_at-error">[^<]+</);
    const fields = { idempotency_key: /name="idempotency_key" value="([^"]+)"/.exec(refused.html)![1]!, list_id: list, from: `News <news@${domain}>`, subject: 'Hi {{first_name}}', html: '<p>Hi</p>', scheduled_at: '2099-01-01T09:00:00Z' };
    const first = await client.post('/mail/broadcasts', fields);
    const second = await client.post('/mail/broadcasts', fields);
    expect(first.status).to.equal(303);
    expect(second.status).to.equal(303);
    const broadcast = idIn(first.location, 'bc');
    expect(idIn(second.location, 'bc'), 'the same broadcast').to.equal(broadcast);
    const listed = ok(await api.request('GET', '/v1/broadcasts', { api: 'mail', key }));
    expect(listed.data.map((b: { id: string }) => b.id)).to.deep.equal([broadcast]);
    const page = await client.get(`/mail/broadcasts/${broadcast}`);
    expect(page.html).to.contain('scheduled');

    expect((await client.post(`/mail/broadcasts/${broadcast}/cancel`, {})).status).to.equal(303);
    expect(ok(await api.request('GET', `/v1/broadcasts/${broadcast}`, { api: 'mail', key })).status).to.equal('cancelled');
  });

  it("answers 404 for another account's contact list, contact, broadcast, forward, branded domain and click webhook, and changes none of them", async () => {
    const owner = await member();
    const o = owner.client;
    await o.get('/mail/contacts');
    const list = idIn((await o.post('/mail/contacts', { name: 'Owner list' })).location, 'cl');
    await o.post(`/mail/contacts/${list}/contacts`, { email: 'ama@example.org' });
    const contact = /\/contacts\/(ct_[0-9A-Z]{26})"/.exec((await o.get(`/mail/contacts/${list}`)).html)?.[1] ?? '';
    const key = /name="idempotency_key" value="([^"]+)"/.exec((await o.get('/mail/broadcasts')).html)![1]!;
    const broadcast = idIn((await o.post('/mail/broadcasts', { idempotency_key: key, list_id: list, from: `news@${owner.domain}`, subject: 'Owner news', html: '<p>Hi</p>', scheduled_at: '2099-01-01T09:00:00Z' })).location, 'bc');
    await o.get('/mail/forwards');
    expect((await o.post('/mail/forwards', { from: `hello@${owner.domain}`, to: 'owner@example.org' })).status).to.equal(303);
    const forward = idIn((await o.get('/mail/forwards')).html, 'fwd');
    await o.get('/links/domains');
    const domain = idIn((await o.post('/links/domains', { hostname: 'go.owner-console.example' })).location, 'bdm');
    await o.get('/links/webhooks');
    expect((await o.post('/links/webhooks', { url: 'https://shop.example/hook', events: 'link.clicked' })).status).to.equal(303);
    const webhook = idIn((await o.get('/links/webhooks')).html, 'lwh');
    for (const id of [list, contact, broadcast, forward, domain, webhook]) expect(id, 'every id read off the pages').to.not.equal('');

    const stranger = (await member()).client;
    await stranger.get('/');
    const reads = [`/mail/contacts/${list}`, `/mail/contacts/${list}/contacts/${contact}`, `/mail/broadcasts/${broadcast}`, `/mail/forwards/${forward}`, `/links/domains/${domain}`, `/links/webhooks/${webhook}`];
    for (const path of reads) expect((await stranger.get(path)).status, `GET ${path}`).to.equal(404);
    const writes: [string, Record<string, string>][] = [
      [`/mail/contacts/${list}/rename`, { name: 'Stolen' }],
      [`/mail/contacts/${list}/contacts`, { email: 'thief@example.org' }],
      [`/mail/contacts/${list}/contacts/${contact}`, { first_name: 'Thief' }],
      [`/mail/contacts/${list}/contacts/${contact}/unsubscribe`, {}],
      [`/mail/contacts/${list}/contacts/${contact}/delete`, {}],
      [`/mail/contacts/${list}/delete`, {}],
      [`/mail/broadcasts/${broadcast}/cancel`, {}],
      [`/mail/forwards/${forward}/delete`, {}],
      [`/links/domains/${domain}/verify`, {}],
      [`/links/domains/${domain}/delete`, {}],
      [`/links/webhooks/${webhook}/delete`, {}],
    ];
    for (const [path, fields] of writes) expect((await stranger.post(path, fields)).status, `POST ${path}`).to.equal(404);
    // A broadcast to another account's list is refused as a list that is not there.
    const strangerKey = /name="idempotency_key" value="([^"]+)"/.exec((await stranger.get('/mail/broadcasts')).html)?.[1] ?? 'console-x';
    const sent = await stranger.post('/mail/broadcasts', { idempotency_key: strangerKey, list_id: list, from: 'news@elsewhere.example', subject: 'Hi', html: '<p>Hi</p>' });
    expect(sent.status).to.be.oneOf([403, 422]);

    const listPage = await o.get(`/mail/contacts/${list}`);
    expect(listPage.status).to.equal(200);
    expect(listPage.html).to.contain('Owner list').and.to.contain('ama@example.org').and.to.contain('>subscribed<').and.to.not.contain('thief');
    expect((await o.get(`/mail/broadcasts/${broadcast}`)).html).to.contain('scheduled');
    expect((await o.get('/mail/forwards')).html).to.contain(forward);
    expect((await o.get(`/links/domains/${domain}`)).status).to.equal(200);
    expect((await o.get(`/links/webhooks/${webhook}`)).status).to.equal(200);
  });
});
