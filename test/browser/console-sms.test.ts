import { expect } from 'chai';
import { accountServiceClient, PASSWORD } from '../support/account-service-client.ts';
import { signIn, startConsoleWorld, type ConsoleWorld } from './console-world.ts';

describe('web console in a real browser: SMS contact lists, templates, opt-outs and sender IDs', () => {
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

  it('makes a contact list and imports a CSV upload, naming each row left out and why', async () => {
    const owner = await client.signUp();
    const { page } = await world.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('link', { name: 'Contact lists' }).click();
    await page.getByRole('button', { name: 'Create list' }).click();
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).to.equal('true');
    await page.getByLabel('Name', { exact: true }).fill('Customers');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('heading', { name: 'Customers' }).waitFor();

    await page.getByRole('button', { name: 'Import' }).click();
    expect(await page.locator('#f-file-error').textContent()).to.equal('Choose a CSV file');
    // Windows-1252, as a spreadsheet on Windows saves it: "Zoé" must arrive as Zoé.
    const csv = Buffer.concat([Buffer.from('phone,name,city\r\n+254712345678,Amina,Nairobi\r\n0712000111,Baraka,Mombasa\r\nnot a number,Kofi,Accra\r\n+254712345679,Zo'), Buffer.from([0xe9]), Buffer.from(',Kisumu\r\n')]);
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: csv });
    await page.getByLabel('Country of national numbers (optional)').fill('ke');
    await page.getByRole('button', { name: 'Import' }).click();
    const summary = await page.locator('#import-summary [role=status]').textContent();
    expect(summary).to.equal('3 imported (3 new, 0 updated), 0 duplicate rows, 1 row with errors.');
    expect(await page.getByRole('row', { name: /not a number/ }).getByRole('cell').first().textContent()).to.equal('4');
    expect(await page.getByRole('cell', { name: 'Zoé', exact: true }).count()).to.equal(1);
    expect(await page.getByRole('cell', { name: '+254712000111', exact: true }).count(), 'a national number read as Kenyan').to.equal(1);
  });

  it('sends one text to several numbers in the sandbox and follows the batch to its end', async () => {
    const owner = await client.signUp();
    const { page } = await world.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('link', { name: 'Bulk send' }).click();
    await page.getByLabel('Message').fill('Hello {{phone}}');
    await page.getByRole('button', { name: 'Send to all' }).click();
    expect(await page.locator('#f-recipients-error').textContent()).to.equal('Give numbers or choose a contact list');
    await page.getByLabel('Numbers').fill('+254712345601\n+254712345602\n+254712345603');
    await page.getByRole('button', { name: 'Send to all' }).click();
    await page.getByRole('heading', { name: /^Batch bat_/ }).waitFor();
    for (let tries = 0; tries < 40 && (await page.locator('[data-status=delivered]').textContent()) !== '3'; tries++) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    expect(await page.locator('[data-status=delivered]').textContent()).to.equal('3');
    expect(await page.getByLabel('3 of 3 done').getAttribute('value')).to.equal('3');
    expect(await page.getByRole('link', { name: '+254712345602' }).count()).to.equal(1);
  });
});
