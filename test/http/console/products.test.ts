import { expect } from 'chai';
import { accountServiceClient } from '../../support/account-service-client.ts';
import { signedInConsole } from '../../support/console-client.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

const PASSWORD = 'correct horse battery staple 42';

/** The console's product and operator pages over plain HTTP: CSRF on their forms, one account never reaching another's (docs/dashboard.md). */
describe('web console product pages: CSRF and tenant isolation', function () {
  this.timeout(60_000);
  let api: TestServer;
  let accounts = 0;

  before(async () => {
    api = await startTestServer({ PASSWORD_HASH_COST: '10', WEBHOOK_ALLOW_HOSTS: 'shop.example' });
  });
  after(async () => api.stop());

  const member = () => signedInConsole(`${api.baseUrl}/app`, `console-products-${++accounts}@example.com`, PASSWORD);
  /** The id the page redirected to after a create (`/app/links/lnk_...`). */
  const idIn = (location: string | null, prefix: string) => new RegExp(`/(${prefix}_[0-9A-Z]{26})`).exec(location ?? '')?.[1] ?? '';

  it('refuses every product and operator form posted without the form token (403), and creates nothing', async () => {
    const client = await member();
    await client.get('/links');
    const forms: [string, Record<string, string>, string][] = [
      ['/links', { url: 'https://shop.example/a' }, '/links'],
      ['/links/campaigns', { name: 'Spring' }, '/links/campaigns'],
      ['/mail/domains', { name: 'csrf.example' }, '/mail/domains'],
      ['/mail/smtp-credentials', { name: 'WordPress' }, '/mail/smtp-credentials'],
      ['/mail/webhooks', { url: 'https://shop.example/hook', events: 'sent' }, '/mail/webhooks'],
      ['/operator/sign-in', { key: ADMIN_KEY }, '/operator/sign-in'],
    ];
    for (const [path, fields, listPath] of forms) {
      const before = (await client.get(listPath)).html;
      for (const csrf of [false, 'forged-token-of-the-right-length-0123'] as const) {
        const refused = await client.post(path, fields, { csrf });
        expect(refused.status, `${path} without the token`).to.equal(403);
        expect(refused.html).to.contain('did not come from the console');
      }
      expect((await client.get(listPath)).html, `${path} changed nothing`).to.equal(before);
    }
    expect((await client.get('/operator/accounts')).status, 'no operator access came of it').to.equal(404);
    // With the token, the same forms work (the refusals above were the token's).
    expect((await client.post('/links/campaigns', { name: 'Spring' })).status).to.equal(303);
  });

  it('sets and removes a link’s expiry and password, refusing a bad date next to its field', async () => {
    const client = await member();
    await client.get('/links');
    const refused = await client.post('/links', { url: 'https://shop.example/vip', expires_at: 'next friday' });
    expect(refused.status).to.equal(422);
    expect(refused.html).to.match(/id="f-expires_at-error">[^<]+</);
    const created = await client.post('/links', { url: 'https://shop.example/vip', slug: 'vip', expires_at: '2099-12-31T23:59:00Z', password: 'open sesame' });
    expect(created.status).to.equal(303);
    const path = created.location!.replace('/app', '');
    const page = (await client.get(path)).html;
    expect(page).to.contain('>password<').and.to.contain('datetime="2099-12-31T23:59:00.000Z"').and.to.not.contain('open sesame');
    const visit = await fetch(`${api.baseUrl}/s/vip`, { redirect: 'manual' });
    expect(visit.status, 'a password page, not the redirect').to.equal(200);

    const saved = await client.post(path, { url: 'https://shop.example/vip', slug: 'vip', expires_at: '', remove_password: 'on' });
    expect(saved.status).to.equal(303);
    const after = (await client.get(path)).html;
    expect(after).to.not.contain('>password<').and.to.not.contain('expires <time');
    expect((await fetch(`${api.baseUrl}/s/vip`, { redirect: 'manual' })).status).to.equal(302);
  });

  it("answers 404 for another account's link, QR code, campaign, domain, SMTP credential and mail webhook, and changes none of them", async () => {
    const owner = await member();
    await owner.get('/links');
    const link = idIn((await owner.post('/links', { url: 'https://shop.example/owner', slug: 'owner-link' })).location, 'lnk');
    await owner.get('/links/qr');
    expect((await owner.post('/links/qr', { link_id: link })).status).to.equal(303);
    const qr = /\/links\/qr\/(qr_[0-9A-Z]{26})\.png/.exec((await owner.get('/links/qr')).html)?.[1] ?? '';
    expect((await owner.post('/links/campaigns', { name: 'Owner campaign' })).status).to.equal(303);
    const campaign = /\/links\/campaigns\/([^/]+)\/delete/.exec((await owner.get('/links/campaigns')).html)?.[1] ?? '';
    await owner.get('/mail/domains');
    const domain = idIn((await owner.post('/mail/domains', { name: 'owner-shop.example' })).location, 'dom');
    await owner.get('/mail/smtp-credentials');
    expect((await owner.post('/mail/smtp-credentials', { name: 'Owner SMTP' })).status).to.equal(303);
    const credential = /\/mail\/smtp-credentials\/([^/]+)\/revoke/.exec((await owner.get('/mail/smtp-credentials')).html)?.[1] ?? '';
    await owner.get('/mail/webhooks');
    expect((await owner.post('/mail/webhooks', { url: 'https://shop.example/hook', events: 'delivered' })).status).to.equal(303);
    const webhook = /\/mail\/webhooks\/(mwh_[0-9A-Z]{26})"/.exec((await owner.get('/mail/webhooks')).html)?.[1] ?? '';
    for (const id of [link, qr, campaign, domain, credential, webhook]) expect(id, 'every id read off the pages').to.not.equal('');

    const stranger = await member();
    await stranger.get('/');
    const reads = [`/links/${link}`, `/links/${link}?environment=test`, `/links/qr/${qr}.png`, `/mail/domains/${domain}`, `/mail/webhooks/${webhook}`];
    for (const path of reads) expect((await stranger.get(path)).status, `GET ${path}`).to.equal(404);
    const writes: [string, Record<string, string>][] = [
      [`/links/${link}`, { url: 'https://shop.example/stolen', slug: 'stolen' }],
      [`/links/${link}/delete`, {}],
      [`/links/qr/${qr}/delete`, {}],
      [`/links/campaigns/${campaign}/delete`, {}],
      [`/mail/domains/${domain}/verify`, {}],
      [`/mail/domains/${domain}/tracking`, { tracking: 'open' }],
      [`/mail/domains/${domain}/delete`, {}],
      [`/mail/smtp-credentials/${credential}/revoke`, {}],
      [`/mail/webhooks/${webhook}/pause`, {}],
      [`/mail/webhooks/${webhook}/delete`, {}],
    ];
    for (const [path, fields] of writes) expect((await stranger.post(path, fields)).status, `POST ${path}`).to.equal(404);
    // Nor operator pages, with a valid form token or not.
    for (const path of ['/operator/accounts/any-account/suspend', '/operator/accounts/any-account/adjust', '/operator/fx-rates']) expect((await stranger.post(path, {})).status, `POST ${path}`).to.equal(404);

    const linkPage = await owner.get(`/links/${link}`);
    expect(linkPage.status).to.equal(200);
    expect(linkPage.html).to.contain('https://shop.example/owner').and.to.contain('/s/owner-link');
    const wide = await owner.get(`/links/${link}?environment=live&days=90`);
    expect(wide.status, "a window past the free plan's 30 days").to.equal(200);
    expect(wide.html).to.match(/<p class="alert" role="alert">[^<]*30[^<]*<\/p>/);
    expect((await owner.get(`/links/qr/${qr}.png`)).status).to.equal(200);
    expect((await owner.get('/links/campaigns')).html).to.contain('Owner campaign');
    expect((await owner.get(`/mail/domains/${domain}`)).status).to.equal(200);
    expect((await owner.get('/mail/smtp-credentials')).html).to.contain('Owner SMTP');
    expect((await owner.get(`/mail/webhooks/${webhook}`)).html).to.contain('https://shop.example/hook').and.to.contain('>on<');
    expect((await stranger.get('/links')).html).to.not.contain('owner-link');
  });
});

describe('web console: Verify apps, two-way services and the operator’s review pages', function () {
  this.timeout(60_000);
  let api: TestServer;
  let accounts = 0;

  before(async () => {
    api = await startTestServer({ PASSWORD_HASH_COST: '10' });
  });
  after(async () => api.stop());

  const member = () => signedInConsole(`${api.baseUrl}/app`, `console-review-${++accounts}@example.com`, PASSWORD);
  const operator = async () => {
    const client = await member();
    await client.get('/operator/sign-in');
    const opened = await client.post('/operator/sign-in', { key: ADMIN_KEY });
    expect([opened.status, opened.location]).to.deep.equal([303, '/app/operator/accounts']);
    return client;
  };

  it('creates a Verify app (a refused template shown next to its field) and changes its settings', async () => {
    const client = await member();
    await client.get('/verify/apps');
    const refused = await client.post('/verify/apps', { name: 'Login', brand: 'Shop', template: 'no code here' });
    expect(refused.status).to.equal(422);
    expect(refused.html).to.match(/id="f-template-error">[^<]+</);
    const created = await client.post('/verify/apps', { name: 'Login', brand: 'Shop', code_length: '8' });
    expect(created.status).to.equal(303);
    const page = await client.get(created.location!.replace('/app', ''));
    expect(page.html).to.contain('value="8"').and.to.contain('value="Shop"');
    const saved = await client.post(created.location!.replace('/app', ''), { name: 'Login', brand: 'Shop two', template: '{{brand}}: {{code}}', code_length: '6' });
    expect(saved.status).to.equal(303);
    expect((await client.get(created.location!.replace('/app', ''))).html).to.contain('value="Shop two"').and.to.contain('value="6"');
    expect((await (await member()).get(created.location!.replace('/app', ''))).status, "another account's app").to.equal(404);
  });

  it("lets a customer request a two-way service, and the operator reject it (the customer's page shows it rejected)", async () => {
    const customer = await member();
    const list = await customer.get('/two-way/services');
    const country = /<option value="([A-Z]{2})"/.exec(list.html)?.[1];
    expect(country, 'a country open for two-way SMS').to.be.a('string');
    const keyword = `SHOP${accounts}`;
    const requested = await customer.post('/two-way/services', { country_code: country!, type: 'shared', keyword, use_case: 'Orders by SMS', company_name: 'Shop Ltd', kyc_document_urls: 'https://docs.example/kyc.pdf' });
    expect(requested.status).to.equal(303);
    const servicePath = requested.location!.replace('/app', '');
    const id = servicePath.split('/').at(-1)!;

    const op = await operator();
    const approvals = await op.get('/operator/approvals');
    expect(approvals.html).to.contain(keyword);
    expect((await op.post(`/operator/approvals/two-way/${id}/reject`, { reason: 'KYC documents unreadable' })).status).to.equal(303);
    expect((await op.get('/operator/approvals')).html).to.contain('Service rejected');
    const seen = await customer.get(servicePath);
    expect(seen.html).to.contain('>rejected<');
  });

  it("lets the operator reject a sender ID with a reason the customer's API shows, and refuses a debit past the balance above the form", async () => {
    const customer = await accountServiceClient(() => api, 'sender-id-customer').signUp();
    const key = (await api.request('POST', '/api/keys', { key: customer.token, body: { environment: 'live', name: 'server' } })).body.key as string;
    const requested = await api.request('POST', '/api/sender-ids', { key, body: { name: 'SHOPKE', countries: ['KE'], use_case: 'Receipts' } });
    expect(requested.status).to.equal(201);

    const op = await operator();
    expect((await op.get('/operator/approvals')).html).to.contain('SHOPKE');
    expect((await op.post(`/operator/approvals/sender-ids/${requested.body.id}/reject`, { reason: 'Brand not proven' })).status).to.equal(303);
    const [seen] = (await api.request('GET', '/api/sender-ids', { key })).body;
    expect([seen.status, seen.rejection_reason]).to.deep.equal(['rejected', 'Brand not proven']);
    expect((await op.post(`/operator/approvals/sender-ids/${requested.body.id}/approve`, {})).status, 'decided once').to.equal(303);
    expect((await op.get('/operator/approvals')).html, 'the refusal said').to.contain('class="flash error"');

    const path = `/operator/accounts/${customer.accountId}`;
    const reference = /name="reference" value="([^"]+)"/.exec((await op.get(path)).html)![1]!;
    const refused = await op.post(`${path}/adjust`, { direction: 'debit', amount: '5', reason: 'Correction', reference });
    expect(refused.status).to.equal(402);
    expect(refused.html).to.contain('id="form-error"');
    expect((await op.post(`${path}/adjust`, { direction: 'credit', amount: '5', reason: 'Correction', reference })).status).to.equal(303);
    expect((await op.post(`${path}/adjust`, { direction: 'credit', amount: '5', reason: 'Correction', reference })).status, 'the same form posted twice').to.equal(303);
    expect((await op.get(path)).html, 'applied once').to.contain('id="wallet-balance">5.00 USD');
  });

  it('lets the operator set an FX rate (a refused one shown next to its field) and read the outbox', async () => {
    const op = await operator();
    await op.get('/operator/fx-rates');
    const refused = await op.post('/operator/fx-rates', { from: 'USD', to: 'KES', rate: '-3' });
    expect(refused.status).to.equal(422);
    expect(refused.html).to.contain('aria-invalid="true"');
    expect((await op.post('/operator/fx-rates', { from: 'usd', to: 'kes', rate: '129.5' })).status).to.equal(303);
    const rates = (await op.get('/operator/fx-rates')).html;
    expect(rates).to.contain('<code>129.5</code> KES').and.to.match(/console:console-review-\d+@example\.com/);

    const outbox = await op.get(`/operator/outbox?to=console-review-${accounts}%40example.com`);
    expect(outbox.html).to.contain('Verify your email address');
  });
});
