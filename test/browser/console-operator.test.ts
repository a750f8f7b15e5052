import { expect } from 'chai';
import { accountServiceClient, ok } from '../support/account-service-client.ts';
import { ADMIN_KEY } from '../support/test-server.ts';
import { startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { saveScreens } from './screens.ts';

describe('web console in a real browser: operator pages', function () {
  this.timeout(90_000);
  let world: ConsoleWorld;
  const client = accountServiceClient(() => world.api, 'operator-pages');

  before(async () => {
    world = await startConsoleWorld();
  });
  after(async () => world?.stop());

  it('keeps operator pages from a member (404, no menu, a wrong key refused next to its field)', async () => {
    const member = await client.signUp();
    const page = await world.signedInPage(member.email);
    expect(await page.getByRole('link', { name: 'Accounts' }).count(), 'no operator menu').to.equal(0);
    for (const path of ['/operator/accounts', `/operator/accounts/${member.accountId}`, '/operator/approvals', '/operator/fx-rates', '/operator/outbox']) {
      const answer = await page.goto(`${world.consoleUrl}${path}`);
      expect(answer!.status(), path).to.equal(404);
    }
    await page.goto(`${world.consoleUrl}/operator/sign-in`);
    await page.getByLabel('Operator key').fill('svc_live_not-the-operator-key-0123456789');
    await page.getByRole('button', { name: 'Open operator pages' }).click();
    expect(await page.getByLabel('Operator key').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('#f-key-error').textContent()).to.equal('This is not the operator key.');
    expect((await page.goto(`${world.consoleUrl}/operator/accounts`))!.status()).to.equal(404);
  });

  it('lets the operator find an account, credit its wallet (the ledger shows it), suspend it (its keys refused) and reactivate it', async () => {
    const customer = await client.signUp();
    const key = ok(await world.api.request('POST', '/api/keys', { key: customer.token, body: { environment: 'live', name: 'server' } }), 201).key as string;
    const operator = await client.signUp();
    const page = await world.signedInPage(operator.email);

    await page.goto(`${world.consoleUrl}/operator/sign-in`);
    await page.getByLabel('Operator key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Open operator pages' }).click();
    await page.getByText('Operator pages are open to this session for an hour.').waitFor();
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByLabel('Search accounts').fill(customer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: customer.email }).click();
    await page.getByRole('heading', { name: customer.email }).waitFor();

    await page.getByLabel('Amount').fill('ten');
    await page.getByLabel('Reason').fill('Goodwill credit');
    await page.getByRole('button', { name: 'Apply adjustment' }).click();
    expect(await page.getByLabel('Amount').getAttribute('aria-invalid'), 'a refused amount shown next to its field').to.equal('true');
    await page.getByLabel('Amount').fill('25.50');
    await page.getByRole('button', { name: 'Apply adjustment' }).click();
    await page.getByText('Credited 25.50 USD').waitFor();
    expect(await page.locator('#wallet-balance').textContent()).to.equal('25.50 USD');
    const [entry] = await page.locator('#ledger tbody tr').allTextContents();
    expect(entry).to.contain('credit').and.to.contain('25.50 USD').and.to.contain('Goodwill credit');
    expect(ok(await world.api.request('GET', '/api/balance', { key })).balance, "the customer's own API sees it").to.equal(25.5);
    await saveScreens(page, 'operator-account');

    await page.getByRole('button', { name: 'Suspend account' }).click();
    await page.getByText('is suspended: its keys are refused').waitFor();
    expect(await page.locator('#account-status').textContent()).to.equal('suspended');
    const refused = await world.api.request('GET', '/api/balance', { key });
    expect([refused.status, refused.body.error?.code]).to.deep.equal([403, 'account_suspended']);

    await page.getByRole('button', { name: 'Reactivate account' }).click();
    await page.getByText('is active again').waitFor();
    ok(await world.api.request('GET', '/api/balance', { key }));

    await page.getByRole('button', { name: 'Leave operator pages' }).click();
    await page.getByText('Operator pages are closed to this session.').waitFor();
    expect((await page.goto(`${world.consoleUrl}/operator/accounts`))!.status()).to.equal(404);
  });
});
