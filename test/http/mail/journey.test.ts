import { createHmac, timingSafeEqual } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { expect } from 'chai';
import { authenticate } from 'mailauth';
import { DnsZoneServer } from '../../../adapters/dns/test/support/dns-zone-server.ts';
import { SmtpSink } from '../../../adapters/mail/test/support/smtp-sink.ts';
import { accountServiceClient } from '../../support/account-service-client.ts';
import { decodeQuotedPrintable } from '../../support/smtp-sink.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';


/**
 * Issue 15's whole journey over HTTP, SMTP and DNS, as a customer takes it: sign up on the account
 * service, pay for a mail plan from the wallet, make a mail key with the dashboard's token, add a
 * domain and publish its records in a real DNS server, verify it, subscribe a webhook, and send an
 * email with an attachment through a real SMTP server, which receives it DKIM-signed (mailauth
 * passes it against the published key); `sent`, `open` and `click` reach the signed webhook, and
 * analytics and billing count what happened.
 */
describe(`The mail journey on ${databaseKind()}`, function () {
  this.timeout(90_000);
  let api: TestServer;
  let zone: DnsZoneServer;
  let sink: SmtpSink;
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await startWebhookReceiver();
    zone = await new DnsZoneServer().start();
    sink = await new SmtpSink().start();
    api = await startTestServer({ DNS_SERVERS: zone.address, MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url, WEBHOOK_ALLOW_HOSTS: receiver.host });
  });
  after(async () => {
    await api.stop();
    await sink.close();
    await zone.close();
    await receiver.close();
  });

  it('signs up, pays for a plan, verifies a domain, sends a signed email, and sees sent, open and click at its webhook and in analytics and billing', async () => {
    const { auth, signUp } = accountServiceClient(() => api, 'journey');
    const user = await signUp();
    ok(await api.request('POST', `/api/admin/balances/${user.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 100, reason: 'journey', reference: `journey-${user.accountId}` } }));
    ok(await auth('POST', '/subscriptions', { token: user.token, body: { product: 'mail', tier: 'starter' } }), 201);
    const mailRequest = (key: string) => (method: string, path: string, body?: unknown) => api.request(method, path, { api: 'mail', key, body });
    const key = ok(await mailRequest(user.token)('POST', '/v1/api-keys', { name: 'journey', permissions: ['send', 'read', 'manage'] }), 201).key as string;
    expect(key).to.match(/^svc_k_/);
    const mail = mailRequest(key);

    const domain = ok(await mail('POST', '/v1/domains', { name: 'journey.example.com' }), 201);
    for (const record of domain.records) {
      if (record.type === 'TXT') zone.publishTxt(record.name, ...record.value.match(/.{1,255}/g)!);
      else zone.publishMx(record.name, record.value, record.priority);
    }
    expect(ok(await mail('POST', `/v1/domains/${domain.id}/verify`)).status).to.equal('verified');
    ok(await mail('PATCH', `/v1/domains/${domain.id}`, { open_tracking: true, click_tracking: true }));
    const hook = ok(await mail('POST', '/v1/webhooks', { url: `${receiver.url}/mail`, events: ['sent', 'delivered', 'bounced', 'complained', 'open', 'click', 'failed'] }), 201);

    refused(await mail('POST', '/v1/emails', { from: 'hi@not-verified.example.com', to: 'amina@example.org', subject: 'x', text: 'x' }), 403, 'domain_not_verified');
    const sent = ok(
      await mail('POST', '/v1/emails', {
        from: 'Shop <orders@journey.example.com>',
        to: 'Amina <amina@example.org>',
        subject: 'Order KE-1042',
        html: '<p>Shipped. <a href="https://shop.example/orders/KE-1042">Track it</a></p>',
        attachments: [{ filename: 'receipt.txt', content: Buffer.from('KES 1,200').toString('base64'), content_type: 'text/plain' }],
      }),
    ).id as string;

    const [received] = await until('the message at the SMTP server', async () => sink.received.filter((m) => m.recipients.includes('amina@example.org')), (got) => got.length === 1);
    const dns = new Resolver();
    dns.setServers([zone.address]);
    const { dkim } = await authenticate(received!.raw, { ip: '127.0.0.1', helo: 'relay.tuma.local', sender: received!.mailFrom, resolver: (name: string, type: string) => dns.resolve(name, type as 'TXT') });
    expect(dkim.results.map((r) => [r.status.result, r.signingDomain])).to.deep.equal([['pass', 'journey.example.com']]);
    expect(received!.raw).to.include('receipt.txt');

    const message = decodeQuotedPrintable(received!.raw);
    const mailBase = api.apiUrl('mail');
    for (const kind of ['o', 'c']) {
      const path = new RegExp(`https?://[^"'\\s]+?(/t/${kind}/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(message)![1]!;
      const answer = await fetch(`${mailBase}${path}`, { redirect: 'manual' });
      expect(answer.status, kind).to.equal(kind === 'o' ? 200 : 302);
    }

    const got = await until('sent, open and click at the webhook', async () => receiver.received.filter((h) => h.body.email_id === sent), (list) => list.length >= 3);
    expect(got.map((h) => h.body.event_type).sort()).to.deep.equal(['click', 'open', 'sent']);
    for (const h of got) {
      const expected = Buffer.from(`sha256=${createHmac('sha256', hook.secret).update(h.raw).digest('hex')}`);
      expect(timingSafeEqual(Buffer.from(String(h.headers['x-svc-signature'])), expected), 'signed with the webhook secret').to.equal(true);
      expect([h.headers['x-svc-event'], h.body.data.recipient]).to.deep.equal([h.body.event_type, 'amina@example.org']);
    }

    const analytics = ok(await mail('GET', '/v1/analytics?days=1'));
    expect(analytics.totals).to.include({ sent: 1, opened: 1, clicked: 1, bounced: 0, failed: 0 });
    // The dashboard reads and manages with the access token too (sending takes a key: its Idempotency-Key is per key).
    const dashboard = mailRequest(user.token);
    expect(ok(await dashboard('GET', '/v1/domains')).data.map((d: { name: string }) => d.name)).to.deep.equal(['journey.example.com']);
    expect(ok(await dashboard('GET', `/v1/emails/${sent}`)).status).to.equal('sent');
    expect(ok(await dashboard('GET', '/v1/webhooks')).data.map((w: { id: string }) => w.id)).to.deep.equal([hook.id]);
    refused(await dashboard('POST', '/v1/emails', { from: 'orders@journey.example.com', to: 'amina@example.org', subject: 'x', text: 'x' }), 401, 'unauthorized');
    const billing = ok(await dashboard('GET', '/v1/billing'));
    expect(billing.plan).to.include({ tier: 'starter', monthly_emails: 50_000 });
    expect(billing.usage).to.include({ emails_this_month: 1, emails_today: 1 });
  });
});
