import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { DnsZoneServer } from '../../adapters/dns/test/support/dns-zone-server.ts';
import { accountServiceClient, ok, PASSWORD } from '../support/account-service-client.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { ADMIN_KEY } from '../support/test-server.ts';
import { until } from '../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { signIn, startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { saveScreens } from './screens.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * Mail › Contacts and Broadcasts (a CSV upload with a bad row, a broadcast to the list reaching a
 * real SMTP server), Links › Domains (a branded domain verified against a DNS server on 127.0.0.1,
 * a link made on it) and Links › Click webhooks (the secret shown once, signing a click's event,
 * redelivered from the log), in Chromium.
 */
describe('web console in a real browser: mail contacts and broadcasts, branded link domains, click webhooks', function () {
  this.timeout(120_000);
  let world: ConsoleWorld;
  let dns: DnsZoneServer;
  let sink: SmtpSink;
  let receiver: WebhookReceiver;
  const client = accountServiceClient(() => world.api, 'mail-links');

  before(async () => {
    dns = await new DnsZoneServer().start();
    sink = await startSmtpSink();
    receiver = await startWebhookReceiver();
    world = await startConsoleWorld({ DNS_SERVERS: dns.address, MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url, WEBHOOK_ALLOW_HOSTS: `shop.example,${receiver.host}`, CLICK_FLUSH_MS: '50' });
  });
  after(async () => {
    await world?.stop();
    await dns?.close();
    await sink?.close();
    await receiver?.close();
  });

  async function signedIn() {
    const owner = await client.signUp();
    const context = await world.browser.newContext({ viewport: { width: 1400, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    return { owner, context, page };
  }

  /** A mail domain of the account, verified through the mail API as its own tests do: a key of every permission on the account. */
  async function verifiedMailDomain(accountId: string, name: string) {
    const key = ok(await world.api.request('POST', `/api/admin/accounts/${accountId}/mail-keys`, { key: ADMIN_KEY, body: { name: 'all', permissions: ['send', 'read', 'manage'] } }), 201).key as string;
    const mail = (method: string, path: string, body?: unknown) => world.api.request(method, path, { api: 'mail', key, body });
    const domain = ok(await mail('POST', '/v1/domains', { name }), 201);
    for (const record of domain.records.filter((r: { required: boolean }) => r.required)) dns.publishTxt(record.name, record.value.slice(0, 255), record.value.slice(255));
    expect(ok(await mail('POST', `/v1/domains/${domain.id}/verify`)).status).to.equal('verified');
  }

  /** Form controls the accessibility tree shows without a name (as the accessibility sweep checks, here on pages with data). */
  async function unnamedControls(page: Page): Promise<string[]> {
    const snapshot = await page.locator('body').ariaSnapshot();
    return snapshot.split('\n').filter((line) => /^\s*- (textbox|checkbox|radio|combobox|spinbutton|button)(:|\s*$)/.test(line));
  }

  /** At a phone's width the page fits: nothing wider than the screen but the tables' own scroll. */
  async function fitsAPhone(page: Page) {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), 'no sideways scroll at 390 px').to.be.at.most(0);
    await page.setViewportSize({ width: 1400, height: 900 });
  }

  /** The account's links plan: business has branded domains and webhooks. */
  async function onLinksBusiness(owner: { accountId: string; token: string }) {
    ok(await world.api.request('POST', `/api/admin/balances/${owner.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 100, reason: 'links plan', reference: `links-plan-${owner.accountId}` } }));
    ok(await client.auth('POST', '/subscriptions', { token: owner.token, body: { product: 'links', tier: 'business' } }), 201);
  }

  it('makes a contact list from a CSV file (its bad row shown with why), and sends a broadcast to it that reaches the SMTP server', async () => {
    const { owner, context, page } = await signedIn();
    try {
      await verifiedMailDomain(owner.accountId, 'news-console.example');

      await page.getByRole('link', { name: 'Contacts', exact: true }).click();
      await page.getByLabel('Name').fill('Readers');
      await page.getByRole('button', { name: 'Create list' }).click();
      await page.getByRole('heading', { name: 'Readers' }).waitFor();

      const csv = Buffer.from('email,first_name,plan\nama@example.org,Ama,gold\nnot-an-address,Kofi,basic\nkwame@example.org,Kwame,basic\n');
      await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'readers.csv', mimeType: 'text/csv', buffer: csv });
      await page.getByRole('button', { name: 'Import' }).click();
      const summary = await page.locator('#import-summary [role=status]').textContent();
      expect(summary).to.contain('2 imported').and.to.contain('1 row with errors');
      const leftOut = await page.locator('#import-summary tbody tr').allTextContents();
      expect(leftOut).to.have.length(1);
      expect(leftOut[0]).to.contain('3').and.to.contain('not-an-address');
      expect(await page.locator('table').last().textContent()).to.contain('ama@example.org').and.to.contain('plan=gold');
      await fitsAPhone(page);
      await saveScreens(page, 'mail-contact-list');

      // A contact unsubscribed by hand is skipped by the broadcast.
      await page.getByLabel('Email').fill('yaa@example.org');
      await page.getByRole('button', { name: 'Add contact' }).click();
      await page.getByText('yaa@example.org is in the list').waitFor();
      await page.getByRole('button', { name: 'Unsubscribe yaa@example.org' }).click();
      await page.getByText('yaa@example.org is unsubscribed').waitFor();

      expect(await unnamedControls(page), 'the list page').to.deep.equal([]);
      await page.getByRole('link', { name: 'Send a broadcast to this list' }).click();
      expect(await unnamedControls(page), 'the compose form').to.deep.equal([]);
      await fitsAPhone(page);
      await page.getByLabel('From').fill('News <news@news-console.example>');
      await page.getByLabel('Subject').fill('Hello {{first_name|there}}');
      await page.getByLabel('HTML (optional if text)').fill('<p>Your plan: {{data.plan}}. <a href="{{unsubscribe_url}}">Unsubscribe</a></p>');
      expect(await page.locator('input[name=idempotency_key]').inputValue()).to.match(/^console-/);
      await page.getByRole('button', { name: 'Send broadcast' }).click();
      await page.getByRole('heading', { name: 'Broadcast: Hello {{first_name|there}}' }).waitFor();
      expect(await page.locator('[data-count="skipped (unsubscribed)"]').textContent()).to.equal('1');

      // The page refreshes itself while recipients wait; the two emails reach the SMTP server.
      await until('two emails at the SMTP server', async () => sink.received.filter((m) => m.to.some((to) => to.endsWith('@example.org'))), (mails) => mails.length === 2, 60_000);
      const ama = sink.received.find((m) => m.to.includes('ama@example.org'))!;
      expect(ama.message).to.contain('Subject: Hello Ama').and.to.contain('Your plan: gold');
      await until('the page says sent', async () => {
        await page.reload();
        return (await page.locator('#broadcast-status').textContent())!.trim();
      }, (status) => status === 'sent', 60_000);
      await fitsAPhone(page);
      await saveScreens(page, 'mail-broadcast');
      await page.getByRole('link', { name: '← All broadcasts' }).click();
      expect(await page.locator('table tbody tr').count(), 'one broadcast').to.equal(1);
    } finally {
      await context.close();
    }
  });

  it('forwards mail to an alias of a verified domain, and shows it in the forward’s log', async () => {
    const { owner, context, page } = await signedIn();
    try {
      await verifiedMailDomain(owner.accountId, 'fwd-console.example');
      await page.getByRole('link', { name: 'Forwards', exact: true }).click();
      await page.getByLabel('Mail to').fill('hello@elsewhere-console.example');
      await page.getByLabel('Forward to').fill('owner@example.net');
      await page.getByRole('button', { name: 'Add forward' }).click();
      expect(await page.getByLabel('Mail to').getAttribute('aria-invalid'), 'not a verified domain of the account').to.equal('true');
      await page.getByLabel('Mail to').fill('hello@fwd-console.example');
      await page.getByRole('button', { name: 'Add forward' }).click();
      await page.getByText('Mail to hello@fwd-console.example is forwarded to owner@example.net').waitFor();

      const port = world.api.started.servers['mail-inbound']!;
      await nodemailer
        .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
        .sendMail({ envelope: { from: 'buyer@example.org', to: 'hello@fwd-console.example' }, from: 'Buyer <buyer@example.org>', to: 'hello@fwd-console.example', subject: 'A question', text: 'Hello?' });
      await until('the forwarded message at the SMTP server', async () => sink.received.filter((m) => m.to.includes('owner@example.net')), (got) => got.length === 1, 30_000);

      await page.getByRole('link', { name: 'hello@fwd-console.example' }).click();
      const outcome = await until('delivered in the log', async () => {
        await page.reload();
        return (await page.locator('table tbody tr').allTextContents()).join(' ');
      }, (rows) => rows.includes('delivered'));
      expect(outcome).to.contain('A question').and.to.contain('Buyer');
      await saveScreens(page, 'mail-forward');
    } finally {
      await context.close();
    }
  });

  it('adds a branded domain (the TXT record to copy), verifies it against DNS, and makes a link on it', async () => {
    const { owner, context, page } = await signedIn();
    try {
      await page.goto(`${world.consoleUrl}/links/domains`);
      await page.getByLabel('Hostname').fill('go.brand-console.example');
      await page.getByRole('button', { name: 'Add domain' }).click();
      expect(await page.locator('#form-error').textContent(), 'the free plan has no branded domains').to.match(/plan/i);

      await onLinksBusiness(owner);
      await page.getByRole('button', { name: 'Add domain' }).click();
      await page.getByRole('heading', { name: 'go.brand-console.example' }).waitFor();
      expect(await page.locator('#domain-status').textContent()).to.equal('pending');
      const name = (await page.locator('#txt-name').textContent())!.trim();
      const value = (await page.locator('#txt-value').textContent())!.trim();
      expect(name).to.equal('_svc-links.go.brand-console.example');

      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByText('TXT record not found yet').waitFor();
      dns.publishTxt(name, value);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByText('go.brand-console.example is verified').waitFor();
      expect(await page.locator('#domain-status').textContent()).to.equal('verified');
      expect(await page.locator('#domain-tls').textContent()).to.match(/TLS/);
      expect(await page.getByText('every link on it').count()).to.equal(1);
      await fitsAPhone(page);
      await saveScreens(page, 'links-domain');

      await page.getByRole('link', { name: 'Links', exact: true }).click();
      expect(await unnamedControls(page), 'the link form with its domain and UTM fields').to.deep.equal([]);
      await page.getByLabel('Destination URL').fill('https://shop.example/brand');
      await page.getByLabel('Domain', { exact: true }).selectOption({ label: 'go.brand-console.example' });
      await page.getByLabel('Slug (optional)').fill('spring');
      await page.getByLabel('utm_source').fill('newsletter');
      await page.getByLabel('Expired URL (optional)').fill('https://shop.example/over');
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('heading', { name: 'Link spring' }).waitFor();
      expect((await page.locator('#short-url').textContent())!.trim()).to.match(/^https?:\/\/go\.brand-console\.example(:\d+)?\/spring$/);
      expect(await page.getByLabel('utm_source').inputValue()).to.equal('newsletter');
      expect(await page.getByLabel('Expired URL (optional)').inputValue()).to.equal('https://shop.example/over');
    } finally {
      await context.close();
    }
  });

  it('shows a click webhook’s signing secret once, signs a click’s event with it, and redelivers the event from its log', async () => {
    const { owner, context, page } = await signedIn();
    try {
      await onLinksBusiness(owner);
      const url = `${receiver.url}/clicks`;
      await page.getByRole('link', { name: 'Click webhooks' }).click();
      await page.getByLabel('URL', { exact: true }).fill(url);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const secret = (await page.locator('#webhook-secret').textContent())!.trim();
      expect(secret).to.match(/^whsec_/);
      expect(await page.locator('table').textContent()).to.contain(url);

      await page.goto(`${world.consoleUrl}/links/webhooks`);
      expect(await page.locator('#webhook-secret').count(), 'shown once').to.equal(0);
      expect(await page.content()).to.not.contain(secret);
      await saveScreens(page, 'links-webhooks');

      // A person's click on a live link of the account: its event is signed with the secret shown.
      await page.getByRole('link', { name: 'Links', exact: true }).click();
      await page.getByLabel('Destination URL').fill('https://shop.example/hooked');
      await page.getByLabel('Slug (optional)').fill('hooked-console');
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('heading', { name: 'Link hooked-console' }).waitFor();
      const visit = await world.api.request('GET', '/s/hooked-console', { headers: { 'User-Agent': IPHONE } });
      expect(visit.status).to.equal(302);
      const [event] = await until('the click delivered', async () => receiver.received.filter((r) => r.path === '/clicks'), (got) => got.length === 1);
      expect(String(event!.headers['x-svc-signature']), 'signed with the secret shown').to.equal(`sha256=${createHmac('sha256', secret).update(event!.raw).digest('hex')}`);

      await page.goto(`${world.consoleUrl}/links/webhooks`);
      await page.getByRole('link', { name: url }).click();
      await page.getByRole('heading', { name: 'Delivery log' }).waitFor();
      const eventId = String(event!.headers['x-svc-delivery-id']);
      await page.getByRole('button', { name: `Redeliver ${eventId}` }).click();
      await page.getByText('is queued for delivery again').waitFor();
      await until('the redelivery', async () => receiver.received.filter((r) => String(r.headers['x-svc-delivery-id']) === eventId).length, (count) => count === 2);
    } finally {
      await context.close();
    }
  });
});
