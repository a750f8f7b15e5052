import { expect } from 'chai';
import { DnsZoneServer } from '../../adapters/dns/test/support/dns-zone-server.ts';
import { createHmac } from 'node:crypto';
import { accountServiceClient, ok, PASSWORD } from '../support/account-service-client.ts';
import { ADMIN_KEY } from '../support/test-server.ts';
import { until } from '../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { signIn, startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { saveScreens } from './screens.ts';

/** A desktop Chrome as a person has it (a headless browser's own User-Agent is counted as a bot and left out of analytics). */
const DESKTOP_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

describe('web console in a real browser: links and mail', function () {
  this.timeout(90_000);
  let world: ConsoleWorld;
  let dns: DnsZoneServer;
  let receiver: WebhookReceiver;
  const client = accountServiceClient(() => world.api, 'products');

  before(async () => {
    dns = await new DnsZoneServer().start();
    receiver = await startWebhookReceiver();
    world = await startConsoleWorld({ DNS_SERVERS: dns.address, WEBHOOK_ALLOW_HOSTS: `shop.example,${receiver.host}`, CLICK_FLUSH_MS: '50' });
  });
  after(async () => {
    await world?.stop();
    await dns?.close();
    await receiver?.close();
  });

  async function signedIn(userAgent?: string) {
    const owner = await client.signUp();
    const context = await world.browser.newContext({ viewport: { width: 1400, height: 900 }, ...(userAgent ? { userAgent } : {}) });
    const page = await context.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    return { owner, context, page };
  }

  it('creates a link (a refused URL shown next to its field), follows it once, and charts the click by day, device, browser and referrer', async () => {
    const { owner, context, page } = await signedIn(DESKTOP_CHROME);
    // Devices and browsers are charted on plans with country and device analytics (starter and up).
    ok(await world.api.request('POST', `/api/admin/balances/${owner.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 100, reason: 'links plan', reference: `links-plan-${owner.accountId}` } }));
    ok(await client.auth('POST', '/subscriptions', { token: owner.token, body: { product: 'links', tier: 'starter' } }), 201);
    // The target is someone else's site: the browser gets a page of ours instead of going out.
    await context.route('https://shop.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Shop</title><h1>The shop</h1>' }));
    try {
      await page.getByRole('link', { name: 'Links', exact: true }).click();
      await page.getByLabel('Destination URL').fill('http://10.0.0.1/admin');
      await page.getByRole('button', { name: 'Create link' }).click();
      expect(await page.getByLabel('Destination URL').getAttribute('aria-invalid')).to.equal('true');
      expect(await page.locator('#f-url-error').textContent()).to.not.equal('');

      await page.getByLabel('Destination URL').fill('https://shop.example/spring');
      await page.getByLabel('Slug (optional)').fill('spring-sale');
      await page.getByLabel('Title (optional)').fill('Spring sale');
      // The expiry through the browser's date-time picker (a datetime-local field, read as UTC).
      await page.getByLabel('Expires (optional, UTC)').fill('2099-12-31T23:59');
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('heading', { name: 'Link spring-sale' }).waitFor();
      expect(await page.locator('time[datetime="2099-12-31T23:59:00.000Z"]').first().textContent()).to.equal('2099-12-31 23:59 UTC');
      expect(await page.getByLabel('Expires (optional, UTC)').inputValue(), 'the edit form shows it in the picker').to.equal('2099-12-31T23:59');
      expect(await page.locator('#clicks-by-day figcaption').textContent()).to.contain('0 in all');

      const shortUrl = (await page.locator('#short-url').textContent())!.trim();
      expect(shortUrl).to.match(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/s\/spring-sale$/);
      await page.locator('#short-url').click();
      await page.getByRole('heading', { name: 'The shop' }).waitFor();
      expect(page.url()).to.equal('https://shop.example/spring');

      await page.goBack();
      const chart = await until(
        'the click in the chart',
        async () => {
          await page.reload();
          return (await page.locator('#clicks-by-day figcaption').textContent()) ?? '';
        },
        (caption) => caption.includes('1 in all'),
      );
      expect(chart).to.contain('Clicks by day');
      const today = new Date().toISOString().slice(0, 10);
      expect(await page.locator(`#clicks-by-day rect:last-child title`).textContent()).to.equal(`${today}: 1`);
      expect(await page.locator('#by-device tbody tr').allTextContents()).to.deep.equal(['desktop1']);
      expect(await page.locator('#by-browser tbody tr').allTextContents()).to.deep.equal(['Chrome1']);
      expect(await page.locator('#by-referrer tbody tr').allTextContents()).to.have.length(1);
      // At a phone's width the page fits: nothing wider than the screen but the tables' own scroll.
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), 'no sideways scroll at 390 px').to.be.at.most(0);
      expect((await page.locator('#clicks-by-day svg').boundingBox())!.width).to.be.greaterThan(300);
      await page.setViewportSize({ width: 1400, height: 900 });
      await saveScreens(page, 'links-analytics');

      // The list counts it too, and a QR code of the link downloads as a PNG.
      await page.getByRole('link', { name: 'QR codes of this link' }).click();
      await page.getByRole('button', { name: 'Make QR code' }).click();
      await page.getByText('QR code made for').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download PNG/ }).click()]);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(1, 4).toString('latin1'), 'a PNG').to.equal('PNG');
    } finally {
      await context.close();
    }
  });

  it('shows a new mail domain’s DNS records to copy, and verifies it once they are published', async () => {
    const { context, page } = await signedIn();
    try {
      await page.getByRole('link', { name: 'Domains', exact: true }).click();
      await page.getByLabel('Domain', { exact: true }).fill('shop-console.example');
      await page.getByRole('button', { name: 'Add domain' }).click();
      await page.getByRole('heading', { name: 'shop-console.example' }).waitFor();
      const rows = page.locator('table tbody tr');
      expect(await rows.count()).to.be.greaterThan(1);
      expect(await page.locator('#domain-status').textContent()).to.equal('pending');

      await page.getByRole('button', { name: 'Verify DNS records' }).click();
      await page.getByText('DNS records not found yet').waitFor();
      expect(await page.locator('#domain-status').textContent()).to.equal('failed');

      // Publish what the page shows (name and value read off the page), as a person would at their DNS provider.
      const required = await rows.evaluateAll((trs) =>
        trs
          .filter((tr) => !tr.children[0]!.textContent!.includes('recommended'))
          .map((tr) => ({ type: tr.children[1]!.textContent!.trim(), name: tr.children[2]!.textContent!.trim(), value: tr.children[3]!.querySelector('code')!.textContent!.trim() })),
      );
      expect(required.map((r) => r.type)).to.include('TXT');
      for (const record of required) dns.publishTxt(record.name, record.value.slice(0, 255), ...(record.value.length > 255 ? [record.value.slice(255)] : []));

      await page.getByRole('button', { name: 'Verify DNS records' }).click();
      await page.getByText('shop-console.example is verified').waitFor();
      expect(await page.locator('#domain-status').textContent()).to.equal('verified');
      await saveScreens(page, 'mail-domain');
    } finally {
      await context.close();
    }
  });

  it('shows a new SMTP password once, and revokes the credential', async () => {
    const { context, page } = await signedIn();
    try {
      await page.getByRole('link', { name: 'SMTP credentials' }).click();
      await page.getByRole('button', { name: 'Create credential' }).click();
      expect(await page.getByLabel('Name').getAttribute('aria-invalid'), 'a name is needed').to.equal('true');
      await page.getByLabel('Name').fill('WordPress');
      await page.getByRole('button', { name: 'Create credential' }).click();
      const password = (await page.locator('#smtp-password').textContent())!.trim();
      expect(password.length).to.be.greaterThan(20);
      const username = (await page.locator('#smtp-username').textContent())!.trim();
      expect(await page.locator('table').textContent()).to.contain(username);

      await page.goto(`${world.consoleUrl}/mail/smtp-credentials`);
      expect(await page.locator('#smtp-password').count(), 'shown once').to.equal(0);
      expect(await page.content()).to.not.contain(password);
      expect(await page.locator('table tbody tr').count()).to.equal(1);
      await saveScreens(page, 'mail-smtp-credentials');

      await page.getByRole('button', { name: 'Revoke SMTP credential WordPress' }).click();
      await page.getByText('Credential revoked').waitFor();
      expect(await page.getByText('No SMTP credentials yet.').count()).to.equal(1);
    } finally {
      await context.close();
    }
  });

  it('adds a mail webhook (its secret shown once), lists an email’s signed events in its delivery log, and redelivers one', async () => {
    const { owner, context, page } = await signedIn();
    try {
      // The account sends from a verified domain with a mail key (the mail API's own setup).
      const key = ok(await world.api.request('POST', `/api/admin/accounts/${owner.accountId}/mail-keys`, { key: ADMIN_KEY, body: { name: 'all', permissions: ['send', 'read', 'manage'] } }), 201).key as string;
      const mail = (method: string, path: string, body?: unknown) => world.api.request(method, path, { api: 'mail', key, body });
      const domain = ok(await mail('POST', '/v1/domains', { name: 'hooks-console.example' }), 201);
      for (const record of domain.records.filter((r: { required: boolean }) => r.required)) dns.publishTxt(record.name, record.value.slice(0, 255), record.value.slice(255));
      expect(ok(await mail('POST', `/v1/domains/${domain.id}/verify`)).status).to.equal('verified');

      await page.getByRole('link', { name: 'Mail webhooks' }).click();
      await page.getByLabel('URL', { exact: true }).fill(`${receiver.url}/mail`);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const secret = (await page.locator('#webhook-secret').textContent())!.trim();
      expect(secret.length).to.be.greaterThan(20);

      const before = receiver.received.length;
      ok(await mail('POST', '/v1/emails', { from: 'Shop <hello@hooks-console.example>', to: ['buyer@example.com'], subject: 'Your order', html: '<p>Hello</p>' }));
      const first = await until('an event delivered', async () => receiver.received.slice(before), (events) => events.length > 0);
      const event = first[0]!;
      expect(String(event.headers['x-svc-signature']), 'signed with the secret shown').to.equal(`sha256=${createHmac('sha256', secret).update(event.raw).digest('hex')}`);

      await page.goto(`${world.consoleUrl}/mail/webhooks`);
      expect(await page.locator('#webhook-secret').count(), 'shown once').to.equal(0);
      await page.getByRole('link', { name: `${receiver.url}/mail` }).click();
      const eventId = String(event.headers['x-svc-delivery-id']);
      await page.getByRole('button', { name: `Redeliver ${eventId}` }).click();
      await page.getByText('is queued for delivery again').waitFor();
      await until('the redelivery', async () => receiver.received.filter((r) => String(r.headers['x-svc-delivery-id']) === eventId).length, (count) => count === 2);
    } finally {
      await context.close();
    }
  });
});
