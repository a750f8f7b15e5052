import { expect } from 'chai';
import { signIn, signUp, startConsoleWorld, type ConsoleWorld } from './console-world.ts';

describe('web console in a real browser: the journey', () => {
  let world: ConsoleWorld;

  before(async function () {
    // One server and one Chromium for the whole file: their start is the slow part.
    this.timeout(120_000);
    world = await startConsoleWorld();
  });
  after(async () => world?.stop());

  it('signs up, verifies the email through the outbox link, signs in, creates a test key shown once, sends a test SMS with the live counter and watches it reach delivered, revokes the key, signs out', async () => {
    const { page } = await world.newPage();
    const email = 'journey@example.com';
    await signUp(page, world.consoleUrl, email);

    const link = /(http\S+\/app\/verify-email\?token=[0-9A-Za-z]+)/.exec(await world.newestMail(email))![1]!;
    expect(link.startsWith(`http://localhost:${world.api.started.port}/app/verify-email`)).to.equal(true);
    await page.goto(link.replace('localhost', '127.0.0.1'));
    await page.getByRole('button', { name: 'Verify my email address' }).click();
    expect(await page.locator('#verified').textContent()).to.contain(email);

    await signIn(page, world.consoleUrl, email);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    expect(await page.locator('#balance').getAttribute('data-amount')).to.equal('0');
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'tuma_console')!;
    expect([cookie.httpOnly, cookie.sameSite, cookie.path]).to.deep.equal([true, 'Lax', '/app']);
    expect(cookie.value).to.not.contain(email);

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name (optional)').fill('journey key');
    await page.getByRole('radio', { name: /^Test/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.locator('#new-key').textContent())!.trim();
    expect(secret).to.match(/^svc_test_/);
    const me = await world.api.request('GET', '/api/auth/me', { key: secret });
    expect(me.status, me.text).to.equal(200);
    await page.goto(`${world.consoleUrl}/developers/keys`);
    expect(await page.locator('#new-key').count(), 'the secret is never shown twice').to.equal(0);

    await page.getByRole('link', { name: 'Send a message' }).click();
    await page.getByRole('textbox', { name: 'To' }).fill('+254712345678');
    await page.getByLabel('Message').pressSequentially('Habari from the console');
    await page.locator('#quote', { hasText: /^23 characters · 1 segment \(GSM7\)/ }).waitFor();
    await page.getByLabel('Message').fill('Habari from the console: 🎉');
    await page.locator('#quote', { hasText: '(UCS2)' }).waitFor();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('is on its way').waitFor();
    const messageId = /\/sms\/messages\/(msg_[0-9A-Z]{26})$/.exec(page.url())![1]!;
    for (let tries = 0; (await page.locator('#message-status').textContent()) !== 'delivered' && tries < 40; tries++) {
      await page.waitForTimeout(250);
      await page.reload();
    }
    expect(await page.locator('#message-status').textContent()).to.equal('delivered');
    expect(await page.locator('#timeline li').count()).to.equal(3);
    await page.getByRole('link', { name: 'Back to the message log' }).click();
    expect(await page.getByRole('link', { name: '+254712345678' }).getAttribute('href')).to.equal(`/app/sms/messages/${messageId}`);

    await page.goto(`${world.consoleUrl}/?environment=test`);
    expect([await page.locator('#today-sent').textContent(), await page.locator('#today-delivered').textContent()]).to.deep.equal(['1', '1']);
    expect(await page.getByRole('img', { name: /^Messages per day/ }).locator('rect').count()).to.equal(28);
    expect(await page.getByRole('cell', { name: 'KE', exact: true }).count()).to.equal(1);

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Revoke key journey key' }).click();
    await page.getByText('is revoked').waitFor();
    expect((await world.api.request('GET', '/api/auth/me', { key: secret })).status).to.equal(401);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await page.goto(`${world.consoleUrl}/developers/keys`);
    expect(new URL(page.url()).pathname).to.equal('/app/sign-in');
  });
});
