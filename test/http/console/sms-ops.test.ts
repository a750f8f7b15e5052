import { expect } from 'chai';
import { ok } from '../../support/responses.ts';
import { ConsoleClient, signedInConsole } from '../../support/console-client.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';

const PASSWORD = 'correct horse battery staple 42';

/**
 * The console's SMS operations, account, Verify log, two-way reply and operator pages over plain
 * HTTP (docs/dashboard.md): CSRF on every new form, another account's ids answering 404 and
 * changing nothing, and what the pages do through the API's use cases.
 */
describe('web console SMS operations, account and operator admin pages: CSRF, tenant isolation and their use cases', function () {
  this.timeout(90_000);
  let api: TestServer;
  let accounts = 0;

  before(async () => {
    api = await startTestServer({ PASSWORD_HASH_COST: '10', SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL });
  });
  after(async () => api?.stop());

  const admin = (method: string, path: string, body?: unknown) => api.request(method, path, { key: ADMIN_KEY, body });
  const member = async () => {
    const email = `console-sms-ops-${++accounts}@example.com`;
    const client = await signedInConsole(`${api.baseUrl}/app`, email, PASSWORD);
    const accountId = ok(await admin('GET', `/api/admin/balances?search=${encodeURIComponent(email)}`)).balances[0].account_id as string;
    return { client, email, accountId };
  };
  const operator = async () => {
    const { client } = await member();
    await client.get('/operator/sign-in');
    expect((await client.post('/operator/sign-in', { key: ADMIN_KEY })).status).to.equal(303);
    return client;
  };
  const path = (location: string | null) => (location ?? '').replace('/app', '');
  /** What a customer made: a batch, a template, a contact list, a two-way service, a paid subscription. */
  async function things(client: ConsoleClient, accountId: string) {
    await client.get('/sms/bulk');
    const batch = path((await client.post('/sms/bulk', { environment: 'test', recipients: '+254712345678', text: 'Hello' })).location);
    await client.get('/sms/templates');
    expect((await client.post('/sms/templates', { name: 'hello', text: 'Hello {{name}}' })).status).to.equal(303);
    const template = /\/sms\/templates\/(\d+)"/.exec((await client.get('/sms/templates')).html)![1]!;
    const list = path((await client.post('/sms/contacts', { name: 'Customers' })).location);
    expect((await client.post(`${list}/members`, { phone: '+254712345678', member_name: 'Amina' })).status).to.equal(303);
    const listPage = await client.get('/two-way/services');
    const country = /<option value="([A-Z]{2})"/.exec(listPage.html)![1]!;
    const service = path((await client.post('/two-way/services', { country_code: country, type: 'shared', keyword: `OPS${accounts}`, use_case: 'Orders', company_name: 'Shop', kyc_document_urls: 'https://docs.example/kyc.pdf' })).location);
    ok(await admin('POST', `/api/admin/balances/${accountId}/credit`, { amount: 500, reason: 'plans', reference: `plans-${accountId}` }));
    await client.get('/plans');
    expect((await client.post('/plans/subscribe', { product: 'links', tier: 'starter' })).status).to.equal(303);
    const subscription = /\/plans\/(sub_[^/"]+)\/tier/.exec((await client.get('/plans')).html)![1]!;
    return { batch, template, list, service, subscription };
  }

  /** A page without what changes by itself: the form token, and a sandbox batch's progress as its messages are delivered. */
  const stable = (html: string) => html.replace(/name="_csrf" value="[^"]+"/g, '').replace(/<progress[\s\S]*?<\/td>/g, '');

  it('refuses every new form posted without the form token (403), and changes nothing', async () => {
    const { client, accountId } = await member();
    const made = await things(client, accountId);
    const forms: [string, Record<string, string>, string][] = [
      ['/sms/bulk', { environment: 'test', recipients: '+254712345679', text: 'Later', schedule_mode: 'scheduled', scheduled_at: new Date(Date.now() + 3_600_000).toISOString().slice(0, 16) }, '/sms/batches'],
      [`/sms/templates/${made.template}`, { name: 'changed', text: 'Changed' }, '/sms/templates'],
      [`${made.list}/rename`, { name: 'Renamed' }, made.list],
      [`${made.list}/members`, { phone: '+254712345670' }, made.list],
      [`${made.list}/members/remove`, { phone: '+254712345678' }, made.list],
      [`${made.service}/reply`, { environment: 'test', to: '+254712345678', text: 'Hi' }, made.service],
      ['/plans/subscribe', { product: 'mail', tier: 'starter' }, '/plans'],
      [`/plans/${made.subscription}/cancel`, { product: 'links' }, '/plans'],
      ['/accounts/sign-out-everywhere', {}, '/accounts'],
    ];
    for (const [formPath, fields, listPath] of forms) {
      const before = stable((await client.get(listPath)).html);
      for (const csrf of [false, 'forged-token-of-the-right-length-0123'] as const) {
        const refused = await client.post(formPath, fields, { csrf });
        expect(refused.status, `${formPath} without the token`).to.equal(403);
        expect(refused.html).to.contain('did not come from the console');
      }
      expect(stable((await client.get(listPath)).html), `${formPath} changed nothing`).to.equal(before);
    }
    const op = await operator();
    for (const formPath of [`/operator/accounts/${accountId}/rate-limit`, `/operator/accounts/${accountId}/keys`, '/operator/users/usr_x/disable']) {
      expect((await op.post(formPath, { per_second: '5', environment: 'test' }, { csrf: false })).status, formPath).to.equal(403);
    }
    expect((await op.get(`/operator/accounts/${accountId}/access`)).html).to.contain('the default');
  });

  it("answers 404 for another account's batch, template, contact list, two-way service, subscription and account, and changes none of them", async () => {
    const owner = await member();
    const made = await things(owner.client, owner.accountId);
    const { client: stranger, accountId: strangerAccount } = await member();
    await stranger.get('/sms/templates');
    for (const read of [made.batch, `/sms/templates/${made.template}`, made.list, made.service]) {
      expect((await stranger.get(read)).status, `GET ${read}`).to.equal(404);
    }
    const writes: [string, Record<string, string>][] = [
      [`/sms/templates/${made.template}`, { name: 'taken', text: 'Taken over' }],
      [`${made.list}/rename`, { name: 'Taken' }],
      [`${made.list}/members`, { phone: '+254712345670' }],
      [`${made.list}/members/remove`, { phone: '+254712345678' }],
      [`${made.service}/reply`, { environment: 'test', to: '+254712345678', text: 'Hi' }],
      [`/plans/${made.subscription}/tier`, { product: 'links', tier: 'business' }],
      [`/plans/${made.subscription}/cancel`, { product: 'links' }],
      ['/accounts/switch', { account_id: owner.accountId }],
    ];
    for (const [formPath, fields] of writes) expect((await stranger.post(formPath, fields)).status, `POST ${formPath}`).to.equal(404);
    expect((await owner.client.get('/sms/templates')).html).to.contain('Hello {{name}}').and.to.not.contain('Taken over');
    const list = (await owner.client.get(made.list)).html;
    expect(list).to.contain('Customers').and.to.contain('+254712345678').and.to.not.contain('+254712345670');
    const plans = (await owner.client.get('/plans')).html;
    expect(plans).to.contain('renews');
    expect((await stranger.get('/accounts')).html, 'the stranger still works in their own account').to.contain(strangerAccount);

    // The operator's key revoke is scoped to the account in the path too.
    const op = await operator();
    const issued = await op.postAndFollow(`/operator/accounts/${owner.accountId}/keys`, { environment: 'test', name: 'handed over' });
    expect(issued.status).to.equal(200);
    const keyId = /\/keys\/(key_[^/]+)\/revoke/.exec(issued.html)![1]!;
    expect((await op.post(`/operator/accounts/${strangerAccount}/keys/${keyId}/revoke`, {})).status, "a key through another account's page").to.equal(404);
    expect((await op.get(`/operator/accounts/${owner.accountId}/access`)).html).to.not.contain('>revoked<');
  });

  it('schedules and drips bulk sends (refusals next to their fields), lists them newest first, and shows a message’s delivery reports', async () => {
    const { client } = await member();
    await client.get('/sms/bulk');
    const drip = await client.post('/sms/bulk', { environment: 'test', recipients: '+254712345678\n+254712345679', text: 'Slowly', schedule_mode: 'drip', drip_rate: '0' });
    expect(drip.status).to.equal(422);
    expect(drip.html).to.match(/id="f-drip_rate-error">[^<]+</);
    expect((await client.post('/sms/bulk', { environment: 'test', recipients: '+254712345678\n+254712345679', text: 'Slowly', schedule_mode: 'drip', drip_rate: '60' })).status).to.equal(303);
    const badTime = await client.post('/sms/bulk', { environment: 'test', recipients: '+254712345678', text: 'Later', schedule_mode: 'scheduled', scheduled_at: 'tomorrow' });
    expect(badTime.status).to.equal(422);
    expect(badTime.html).to.match(/id="f-scheduled_at-error">[^<]+</);
    const scheduled = path((await client.post('/sms/bulk', { environment: 'test', recipients: '+254712345678', text: 'Later', schedule_mode: 'scheduled', scheduled_at: new Date(Date.now() + 3_600_000).toISOString() })).location);
    const batches = (await client.get('/sms/batches')).html;
    const statuses = [...batches.matchAll(/data-batch-status="([a-z]+)"/g)].map((match) => match[1]);
    expect(statuses).to.deep.equal(['scheduled', 'dripping']);
    expect((await client.get(scheduled)).html).to.contain('0 of 1 done').and.to.contain('Cancel the messages not sent yet');
    const { client: stranger } = await member();
    await stranger.get('/sms/batches');
    expect((await stranger.post(`${scheduled}/cancel`, {})).status, "another account's batch").to.equal(404);
    expect((await client.post(`${scheduled}/cancel`, {}, { csrf: false })).status).to.equal(403);
    expect((await client.post(`${scheduled}/cancel`, {})).status).to.equal(303);
    const cancelled = (await client.get(scheduled)).html;
    // A cancelled member is rejected (error_code cancelled), as through the API.
    expect(cancelled).to.contain('1 message not sent yet cancelled').and.to.contain('1 of 1 done').and.to.contain('data-status="rejected">1<');
    expect(cancelled).to.not.contain('Cancel the messages not sent yet');

    await client.get('/sms/send');
    const sent = await client.post('/sms/send', { environment: 'test', to: '+254712345678', text: 'Reports, please' });
    const message = path(sent.location);
    const page = await until('the report received', async () => (await client.get(message)).html, (html) => html.includes('1 of 1 part settled'));
    expect(page).to.contain('Delivery reports').and.to.contain('submitted at the first attempt').and.to.match(/<td data-label="Outcome"><span class="badge[^"]*">delivered<\/span><\/td>/);
  });

  it('signs out everywhere: every console session of the user ends, this one too', async () => {
    const { client, email } = await member();
    const other = new ConsoleClient(`${api.baseUrl}/app`);
    await other.get('/sign-in');
    expect((await other.post('/sign-in', { email, password: PASSWORD })).status).to.equal(303);
    expect((await other.get('/accounts')).status).to.equal(200);
    await client.get('/accounts');
    const ended = await client.post('/accounts/sign-out-everywhere', {});
    expect([ended.status, ended.location]).to.deep.equal([303, '/app/sign-in']);
    expect((await client.get('/sign-in')).html).to.contain('Signed out everywhere (2 sessions ended).');
    expect((await other.get('/accounts')).location, 'the other browser too').to.match(/\/app\/sign-in/);
  });

  it('renames a contact list, adds one member (a bad number said next to its field) and removes one', async () => {
    const { client } = await member();
    await client.get('/sms/contacts');
    const list = path((await client.post('/sms/contacts', { name: 'Customers' })).location);
    const bad = await client.post(`${list}/members`, { phone: '12', member_name: 'Nobody' });
    expect(bad.status).to.equal(422);
    expect(bad.html).to.match(/id="f-phone-error">[^<]+</);
    expect((await client.post(`${list}/members`, { phone: '+254712345678', member_name: 'Amina' })).status).to.equal(303);
    expect((await client.post(`${list}/members`, { phone: '+254712345679' })).status).to.equal(303);
    const empty = await client.post(`${list}/rename`, { name: '' });
    expect(empty.status).to.equal(422);
    expect(empty.html).to.match(/id="f-name-error">[^<]+</);
    expect((await client.post(`${list}/rename`, { name: 'VIP customers', description: 'The best ones' })).status).to.equal(303);
    expect((await client.post(`${list}/members/remove`, { phone: '+254712345679' })).status).to.equal(303);
    expect((await client.get(list)).html).to.contain('+254712345679 is removed from the list.');
    const page = (await client.get(list)).html;
    expect(page).to.contain('<h1>VIP customers</h1>').and.to.contain('The best ones').and.to.contain('Amina').and.to.contain('+254712345678').and.to.contain('Members (1)');
    expect(page).to.not.contain('+254712345679');
  });

  it('subscribes to a plan, upgrades it, cancels it at the period end; an empty wallet refused above the form', async () => {
    const { client, accountId } = await member();
    await client.get('/plans');
    const poor = await client.post('/plans/subscribe', { product: 'mail', tier: 'starter' });
    expect(poor.status, 'an empty wallet').to.equal(402);
    expect(poor.html).to.contain('role="alert"');
    ok(await admin('POST', `/api/admin/balances/${accountId}/credit`, { amount: 1000, reason: 'plans', reference: `plans-${accountId}` }));
    const subscribed = await client.post('/plans/subscribe', { product: 'mail', tier: 'starter' });
    expect(subscribed.status).to.equal(303);
    let page = (await client.get('/plans')).html;
    expect(page).to.match(/Subscribed to mail starter: [\d.]+ USD charged to the wallet\./);
    const id = /\/plans\/(sub_[^/"]+)\/tier/.exec(page)![1]!;
    expect((await client.post(`/plans/${id}/tier`, { product: 'mail', tier: 'business' })).status).to.equal(303);
    page = (await client.get('/plans')).html;
    expect(page).to.contain('mail is on business.');
    expect((await client.post(`/plans/${id}/cancel`, { product: 'mail' })).status).to.equal(303);
    page = (await client.get('/plans')).html;
    expect(page).to.contain('cancelled: free from');
  });

  it('lists the account’s verifications with their app, filtered by status and number', async () => {
    const { client } = await member();
    await client.get('/developers/keys');
    const issued = await client.postAndFollow('/developers/keys', { environment: 'test', scopes: 'send', name: 'verify' });
    const key = /id="new-key">([^<]+)</.exec(issued.html)![1]!;
    ok(await api.request('POST', '/v1/verify/start', { key, body: { to: '+254712345678' } }), 201);
    ok(await api.request('POST', '/v1/verify/start', { key, body: { to: '+254712345679' } }), 201);
    const all = (await client.get('/verify/verifications?environment=test')).html;
    expect(all).to.contain('+254712345678').and.to.contain('+254712345679').and.to.contain('/verify/apps/vera_');
    const one = (await client.get('/verify/verifications?environment=test&to=%2B254712345679&status=pending')).html;
    expect(one).to.contain('+254712345679').and.to.not.contain('+254712345678');
    expect((await client.get('/verify/verifications?environment=live')).html).to.contain('No verifications match.');
    const bad = await client.get('/verify/verifications?environment=test&to=0712');
    expect(bad.status).to.equal(422);
    expect(bad.html).to.match(/id="f-to-error">[^<]+</);
  });

  it('lets the operator set an account’s rate limit (a bad one said next to its field), issue it a key shown once, and read the balance statistics', async () => {
    const { accountId } = await member();
    const op = await operator();
    await op.get(`/operator/accounts/${accountId}/access`);
    const bad = await op.post(`/operator/accounts/${accountId}/rate-limit`, { per_second: '0', burst: '' });
    expect(bad.status).to.equal(422);
    expect(bad.html).to.match(/id="f-per_second-error">[^<]+</);
    expect((await op.post(`/operator/accounts/${accountId}/rate-limit`, { per_second: '7', burst: '20' })).status).to.equal(303);
    const limited = ok(await admin('GET', `/api/admin/accounts/${accountId}/rate-limit`));
    expect(limited).to.deep.include({ per_second: 7, burst: 20, is_default: false });
    expect((await op.post(`/operator/accounts/${accountId}/rate-limit`, { use_default: 'on' })).status).to.equal(303);
    expect(ok(await admin('GET', `/api/admin/accounts/${accountId}/rate-limit`)).is_default).to.equal(true);

    // Shown once on the page the redirect after the POST leads to: a reload shows it no more and makes no other.
    const issued = await op.postAndFollow(`/operator/accounts/${accountId}/keys`, { environment: 'test', name: 'handed over' });
    const key = /id="new-key">([^<]+)</.exec(issued.html)![1]!;
    expect(ok(await api.request('GET', '/api/balance', { key })).currency, 'the issued key works').to.be.a('string');
    expect((await op.get(`/operator/accounts/${accountId}/access`)).html, 'shown once').to.not.contain(key);

    const stats = await op.get('/operator/balances');
    expect(stats.status).to.equal(200);
    expect(stats.html).to.match(/id="stat-accounts">\d+</);
    const { client: customer } = await member();
    expect((await customer.get('/operator/balances')).status, 'a member').to.equal(404);
    expect((await customer.get('/operator/users')).status).to.equal(404);
  });
});
