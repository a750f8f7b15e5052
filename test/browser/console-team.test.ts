import { expect } from 'chai';
import { accountServiceClient, ok, PASSWORD } from '../support/account-service-client.ts';
import { ADMIN_KEY } from '../support/test-server.ts';
import { signIn, startConsoleWorld, type ConsoleWorld } from './console-world.ts';

describe('web console in a real browser: the team', () => {
  let world: ConsoleWorld;
  const client = accountServiceClient(() => world.api, 'team');

  before(async function () {
    // One server and one Chromium for the whole file: their start is the slow part.
    this.timeout(120_000);
    world = await startConsoleWorld();
  });
  after(async () => world?.stop());

  it("invites a developer (the plan's cap said above the form), who joins by the mailed link; the owner makes them a viewer and removes them", async () => {
    const owner = await client.signUp();
    const { page } = await world.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('link', { name: 'Team' }).click();
    const newcomer = client.newAddress();
    await page.getByLabel('Email').fill(newcomer);
    await page.getByRole('radio', { name: 'developer' }).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    expect(await page.locator('#form-error').textContent(), 'a free account is its owner alone').to.match(/limit|plan/i);

    ok(await world.api.request('POST', `/api/admin/balances/${owner.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 100, reason: 'test credit', reference: `credit-${owner.accountId}` } }));
    ok(await client.auth('POST', '/subscriptions', { token: owner.token, body: { product: 'links', tier: 'starter' } }), 201);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation mailed to ${newcomer}.`).waitFor();
    expect(await page.getByRole('cell', { name: newcomer }).count()).to.equal(1);

    const joiner = await world.newPage();
    const link = /(http\S+\/app\/accept-invite\?token=[0-9A-Za-z]+)/.exec(await world.newestMail(newcomer))![1]!;
    await joiner.page.goto(link.replace('localhost', '127.0.0.1'));
    await joiner.page.getByLabel('Your name (optional)').fill('Baraka');
    await joiner.page.getByLabel('Password').fill(PASSWORD);
    await joiner.page.getByRole('button', { name: 'Accept the invitation' }).click();
    await signIn(joiner.page, world.consoleUrl, newcomer, PASSWORD);
    await joiner.page.getByRole('link', { name: 'API keys' }).click();
    expect(await joiner.page.getByRole('heading', { name: 'API keys' }).count(), 'a developer manages keys').to.equal(1);

    await page.reload();
    await page.getByRole('combobox', { name: `Role of ${newcomer}` }).selectOption('viewer');
    await page.getByRole('button', { name: `Change the role of ${newcomer}` }).click();
    await page.getByText('Role changed to viewer.').waitFor();
    const refused = await joiner.page.goto(`${world.consoleUrl}/developers/keys`);
    expect(refused!.status(), 'the new role applies at once').to.equal(403);

    await page.getByRole('button', { name: `Remove ${newcomer}` }).click();
    await page.getByText('Member removed.').waitFor();
    await joiner.page.goto(`${world.consoleUrl}/`);
    expect(new URL(joiner.page.url()).pathname, "a removed member's console session ends").to.equal('/app/sign-in');
  });
});
