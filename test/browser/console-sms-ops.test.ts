import { expect } from 'chai';
import { accountServiceClient, ok, PASSWORD } from '../support/account-service-client.ts';
import { ADMIN_KEY } from '../support/test-server.ts';
import { signIn, startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { saveScreens } from './screens.ts';

/** A `datetime-local` value (UTC, to the minute) `ms` from now. */
const utcLocal = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);

describe('web console in a real browser: scheduled sends and batches, templates, two-way replies, the account switcher, the operator’s user admin', function () {
  this.timeout(90_000);
  let world: ConsoleWorld;
  const client = accountServiceClient(() => world.api, 'sms-ops');
  const admin = (method: string, path: string, body?: unknown) => world.api.request(method, path, { key: ADMIN_KEY, body });

  before(async function () {
    // One server and one Chromium for the whole file: their start is the slow part.
    this.timeout(120_000);
    world = await startConsoleWorld();
  });
  after(async () => world?.stop());

  it('schedules a bulk send (a time too near said next to its field) and lists it as scheduled among the batches, newest first', async () => {
    const owner = await client.signUp();
    const page = await world.signedInPage(owner.email);
    await page.getByRole('link', { name: 'Bulk send' }).click();
    await page.getByLabel('Numbers').fill('+254712345678\n+254712345679');
    await page.getByLabel('Message').fill('Our sale starts at noon');
    await page.getByRole('button', { name: 'Send to all' }).click();
    await page.getByText(/of 2 done/).waitFor();

    await page.getByRole('link', { name: 'Bulk send' }).click();
    await page.getByLabel('Numbers').fill('+254712345678\n+254712345679\n+254712345670');
    await page.getByLabel('Message').fill('Reminder: the sale ends tonight');
    await page.getByRole('radio', { name: /All at one time/ }).check();
    await page.getByLabel('Send at (UTC)').fill(utcLocal(60_000));
    await page.getByRole('button', { name: 'Send to all' }).click();
    expect(await page.getByLabel('Send at (UTC)').getAttribute('aria-invalid'), 'a minute ahead is refused').to.equal('true');
    expect(await page.locator('#f-scheduled_at-error').textContent()).to.contain('5 minutes to 7 days ahead');
    const at = utcLocal(2 * 60 * 60_000);
    await page.getByLabel('Send at (UTC)').fill(at);
    await page.getByRole('button', { name: 'Send to all' }).click();
    await page.getByText('0 of 3 done').waitFor();

    await page.getByRole('link', { name: 'Batches' }).click();
    await page.getByRole('heading', { name: 'Batches' }).waitFor();
    const rows = page.locator('tbody tr');
    expect(await rows.count()).to.equal(2);
    expect(await rows.nth(0).locator('[data-batch-status]').getAttribute('data-batch-status'), 'the newest first: the scheduled one').to.equal('scheduled');
    expect(await rows.nth(0).textContent()).to.contain(`at ${at.replace('T', ' ')} UTC`).and.to.contain('0 of 3');
    expect(await rows.nth(1).locator('[data-batch-status]').getAttribute('data-batch-status')).to.equal('sending');
    await saveScreens(page, 'sms-batches');
  });

  it('edits a template (a name already taken refused next to its field)', async () => {
    const owner = await client.signUp();
    const page = await world.signedInPage(owner.email);
    await page.getByRole('link', { name: 'Templates' }).click();
    for (const [name, text] of [['welcome', 'Hello {{name}}'], ['reminder', 'Your appointment is at {{time}}']]) {
      await page.getByLabel('Name').fill(name!);
      await page.getByLabel('Text').fill(text!);
      await page.getByRole('button', { name: 'Save template' }).click();
      await page.getByText(`Template "${name}" saved.`).waitFor();
    }
    await page.getByRole('link', { name: 'Edit template welcome' }).click();
    await page.getByRole('heading', { name: 'Edit template welcome' }).waitFor();
    expect(await page.getByLabel('Text').inputValue()).to.equal('Hello {{name}}');
    await page.getByLabel('Name').fill('reminder');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).to.equal('true');
    await page.getByLabel('Name').fill('welcome-back');
    await page.getByLabel('Text').fill('Welcome back, {{name}}!');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Template "welcome-back" saved.').waitFor();
    expect(await page.getByRole('cell', { name: 'Welcome back, {{name}}!' }).count()).to.equal(1);
    expect(await page.getByRole('cell', { name: 'Hello {{name}}' }).count()).to.equal(0);
    const listed = ok(await world.api.request('GET', '/api/templates', { key: ok(await world.api.request('POST', '/api/keys', { key: owner.token, body: { environment: 'test' } }), 201).key })).templates;
    expect(listed.map((t: { name: string }) => t.name).sort(), 'the API shows the change').to.deep.equal(['reminder', 'welcome-back']);
  });

  it("refuses a reply from a service not active yet, then sends one from its page once the operator approved it", async () => {
    const owner = await client.signUp();
    ok(await admin('POST', '/api/admin/fx-rates', { from: 'USD', to: 'UGX', rate: '3700' }), 201);
    ok(await admin('POST', '/api/admin/two-way/short-codes', { number: '6100', country_code: 'UG', kind: 'dedicated' }), 201);
    ok(await admin('POST', `/api/admin/balances/${owner.accountId}/credit`, { amount: 1000, reason: 'two-way', reference: `two-way-${owner.accountId}` }));
    const page = await world.signedInPage(owner.email);
    await page.getByRole('link', { name: 'Two-way services' }).click();
    await page.getByLabel('Country').selectOption('UG');
    await page.getByRole('radio', { name: /dedicated/i }).check();
    await page.getByLabel('What it is for').fill('Orders by SMS');
    await page.getByLabel('Company name').fill('Shop Ltd');
    await page.getByLabel('KYC document URLs').fill('https://docs.example/kyc.pdf');
    await page.getByRole('button', { name: 'Request service' }).click();
    await page.getByText('Service requested').waitFor();
    const serviceId = new URL(page.url()).pathname.split('/').at(-1)!;

    await page.getByLabel('To', { exact: true }).fill('+256772123456');
    await page.getByLabel('Text', { exact: true }).fill('We open at 8.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    expect(await page.locator('#form-error').textContent(), 'a pending service sends nothing').to.match(/pending|not active/i);

    ok(await admin('POST', `/api/admin/two-way/services/${serviceId}/approve`, {}));
    // A fresh GET (a reload would post the refused form again).
    await page.goto(`${world.consoleUrl}/two-way/services/${serviceId}`);
    await page.getByLabel('To', { exact: true }).fill('+256772123456');
    await page.getByLabel('Text', { exact: true }).fill('We open at 8.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent to +256772123456.').waitFor();
    expect(await page.getByRole('cell', { name: 'We open at 8.' }).count(), 'the reply in the messages both ways').to.equal(1);
  });

  it('switches a member of two accounts from one to the other and back', async () => {
    const alice = await client.signUp();
    const bob = await client.signUp();
    // Bob's team takes a second member on a paid plan (free is its owner alone).
    ok(await admin('POST', `/api/admin/balances/${bob.accountId}/credit`, { amount: 100, reason: 'test credit', reference: `credit-${bob.accountId}` }));
    ok(await client.auth('POST', '/subscriptions', { token: bob.token, body: { product: 'links', tier: 'starter' } }), 201);
    ok(await client.auth('POST', '/team/invites', { token: bob.token, body: { email: alice.email, role: 'developer' } }), 201);
    ok(await client.auth('POST', '/team/invites/accept', { body: { token: await client.mailedToken(alice.email, 'You are invited to a Tuma team') } }));
    ok(await world.api.request('POST', '/api/keys', { key: bob.token, body: { environment: 'test', name: 'bobs-server' } }), 201);

    const page = await world.signedInPage(alice.email);
    await page.getByRole('link', { name: 'Switch account' }).click();
    const current = page.getByRole('row', { name: new RegExp(alice.email) });
    expect(await current.getByText('current').count(), 'the sign-in opens her own account').to.equal(1);
    await page.getByRole('button', { name: `Switch to ${bob.email}` }).click();
    await page.getByText(`You are now working in ${bob.email}'s account, as developer.`).waitFor();
    expect(await page.locator('.topbar .badge').textContent()).to.equal('developer');
    await page.getByRole('link', { name: 'API keys' }).click();
    expect(await page.getByRole('cell', { name: 'bobs-server', exact: true }).count(), "Bob's keys").to.equal(1);
    await page.goto(`${world.consoleUrl}/plans`);
    await page.getByRole('heading', { name: 'Plans and subscriptions' }).waitFor();
    expect(await page.locator('[data-product="links"] [data-tier]').textContent(), "Bob's account pays for links starter").to.equal('starter');
    await saveScreens(page, 'plans');
    await page.goto(`${world.consoleUrl}/accounts`);
    await saveScreens(page, 'accounts');
    await page.getByRole('button', { name: `Switch to ${alice.email}` }).click();
    await page.getByText(`You are now working in ${alice.email}'s account, as owner.`).waitFor();
    await page.getByRole('link', { name: 'API keys' }).click();
    expect(await page.getByRole('cell', { name: 'bobs-server', exact: true }).count(), 'her own keys again').to.equal(0);
  });

  it('lets the operator disable a user (their console session ends, their sign-in refused) and enable them again', async () => {
    const customer = await client.signUp();
    const customerPage = await world.signedInPage(customer.email);
    const operator = await client.signUp();
    const page = await world.signedInPage(operator.email);
    await page.goto(`${world.consoleUrl}/operator/sign-in`);
    await page.getByLabel('Operator key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Open operator pages' }).click();
    await page.getByText('Operator pages are open to this session for an hour.').waitFor();
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Email or name contains').fill(customer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Disable ${customer.email}` }).click();
    await page.getByText(`${customer.email} is disabled`).waitFor();
    expect(await page.locator(`[data-user-status="${customer.email}"]`).textContent()).to.equal('disabled');
    await saveScreens(page, 'operator-users');

    await customerPage.goto(`${world.consoleUrl}/`);
    expect(new URL(customerPage.url()).pathname, "a disabled user's console session ends").to.equal('/app/sign-in');
    await signIn(customerPage, world.consoleUrl, customer.email, PASSWORD);
    await customerPage.getByText(/disabled/).first().waitFor();

    await page.getByRole('button', { name: `Enable ${customer.email}` }).click();
    await page.getByText(`${customer.email} may sign in again.`).waitFor();
    await signIn(customerPage, world.consoleUrl, customer.email, PASSWORD);
    await customerPage.getByRole('heading', { name: 'Home' }).waitFor();

    await page.goto(`${world.consoleUrl}/operator/accounts/${customer.accountId}/access`);
    await page.getByLabel('Requests a second').fill('7');
    await page.getByRole('button', { name: 'Set rate limit' }).click();
    await page.getByText('Rate limit set: 7 a second').waitFor();
    await page.getByRole('button', { name: 'Issue key' }).click();
    await page.locator('#new-key').waitFor();
    await saveScreens(page, 'operator-access');
    await page.getByRole('link', { name: 'Balance statistics' }).click();
    await page.getByRole('heading', { name: 'Balance statistics' }).waitFor();
    await saveScreens(page, 'operator-balances');
  });
});
