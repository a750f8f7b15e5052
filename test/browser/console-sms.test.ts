import { expect } from 'chai';
import { accountServiceClient, PASSWORD } from '../support/account-service-client.ts';
import { signIn, startConsoleWorld, type ConsoleWorld } from './console-world.ts';

describe('web console in a real browser: SMS templates, opt-outs and sender IDs', () => {
  let world: ConsoleWorld;
  const client = accountServiceClient(() => world.api, 'sms');

  before(async function () {
    // One server and one Chromium for the whole file: their start is the slow part.
    this.timeout(120_000);
    world = await startConsoleWorld();
  });
  after(async () => world?.stop());

  it('saves a template (a bad name said next to its field) and deletes it', async () => {
    const owner = await client.signUp();
    const { page } = await world.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('link', { name: 'Templates' }).click();
    await page.getByLabel('Text').fill('Hello {{name}}, your code is {{code}}');
    await page.getByRole('button', { name: 'Save template' }).click();
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('#f-name-error').textContent()).to.contain('1 to 80 characters');
    await page.getByLabel('Name').fill('welcome');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template "welcome" saved.').waitFor();
    expect(await page.getByRole('cell', { name: 'Hello {{name}}, your code is {{code}}' }).count()).to.equal(1);
    await page.getByRole('button', { name: 'Delete template welcome' }).click();
    await page.getByText('Template deleted.').waitFor();
    expect(await page.getByText('No templates yet.').count()).to.equal(1);
  });

  it('puts a number on the opt-out list (a bad number said next to its field) and takes it off', async () => {
    const owner = await client.signUp();
    const { page } = await world.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('link', { name: 'Opt-outs' }).click();
    await page.getByLabel('Phone number').fill('12');
    await page.getByRole('button', { name: 'Add to the opt-out list' }).click();
    expect(await page.getByLabel('Phone number').getAttribute('aria-invalid')).to.equal('true');
    await page.getByLabel('Phone number').fill('+254 712 345 678');
    await page.getByRole('button', { name: 'Add to the opt-out list' }).click();
    await page.getByText('+254712345678 is on the opt-out list.').waitFor();
    await page.getByRole('button', { name: 'Remove +254712345678 from the opt-out list' }).click();
    await page.getByText('+254712345678 may receive live messages again.').waitFor();
    expect(await page.getByText('Nobody has opted out.').count()).to.equal(1);
  });

  it('requests a sender ID (a bad country said next to its field) and lists it as pending', async () => {
    const owner = await client.signUp();
    const { page } = await world.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('link', { name: 'Sender IDs' }).click();
    await page.getByRole('textbox', { name: 'Sender ID' }).fill('TUMA');
    await page.getByLabel('Countries').fill('KE, XX');
    await page.getByRole('button', { name: 'Request sender ID' }).click();
    expect(await page.getByLabel('Countries').getAttribute('aria-invalid')).to.equal('true');
    await page.getByLabel('Countries').fill('ke');
    await page.getByRole('button', { name: 'Request sender ID' }).click();
    await page.getByText('Sender ID TUMA requested').waitFor();
    const row = page.getByRole('row', { name: /TUMA/ });
    expect(await row.getByRole('cell').allTextContents()).to.include.members(['TUMA', 'KE', 'pending']);
  });
});
