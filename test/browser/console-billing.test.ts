import { expect } from 'chai';
import { accountServiceClient, ok, PASSWORD } from '../support/account-service-client.ts';
import { ADMIN_KEY } from '../support/test-server.ts';
import { signIn, startConsoleWorld, type ConsoleWorld } from './console-world.ts';

describe('web console in a real browser: billing', () => {
  let world: ConsoleWorld;
  const client = accountServiceClient(() => world.api, 'payer');

  before(async function () {
    // One server and one Chromium for the whole file: their start is the slow part.
    this.timeout(120_000);
    world = await startConsoleWorld();
  });
  after(async () => world?.stop());

  it('tops up through the configured checkout, shows the ledger with its running balance, exports it as CSV', async () => {
    const owner = await client.signUp();
    ok(await world.api.request('POST', `/api/admin/balances/${owner.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 10, reason: '=HYPERLINK("x")', reference: 'welcome' } }));
    const { page } = await world.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('link', { name: 'Wallet and ledger' }).click();

    await page.getByLabel(/^Amount/).fill('-5');
    await page.getByRole('button', { name: 'Top up' }).click();
    expect(await page.getByLabel(/^Amount/).getAttribute('aria-invalid')).to.equal('true');

    await page.getByLabel(/^Amount/).fill('125.50');
    await page.getByRole('button', { name: 'Top up' }).click();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.locator('#balance').waitFor();
    expect(await page.locator('#status').textContent()).to.equal('completed');

    await page.goto(`${world.consoleUrl}/billing`);
    expect(await page.locator('#balance').getAttribute('data-amount')).to.equal('135.5');
    const balances = await page.locator('[data-balance-after]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-balance-after')));
    expect(balances).to.deep.equal(['135.5', '10']);

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const { readFile } = await import('node:fs/promises');
    const text = await readFile((await file.path())!, 'utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).to.equal('created_at,id,kind,reason,reference,amount,currency,balance_after');
    expect(lines).to.have.length(3);
    expect(lines[1]).to.match(/,credit,.*,125\.500000,[A-Z]{3},135\.500000$/);
    expect(lines[2], 'a formula is never run by a spreadsheet').to.contain(`"'=HYPERLINK(""x"")"`);
  });
});
