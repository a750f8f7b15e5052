import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { accountServiceClient, ok, PASSWORD } from '../support/account-service-client.ts';
import { ADMIN_KEY } from '../support/test-server.ts';
import { until } from '../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { signIn, startConsoleWorld, type ConsoleWorld } from './console-world.ts';

describe('web console in a real browser: developers and roles', () => {
  let world: ConsoleWorld;
  let receiver: WebhookReceiver;
  const client = accountServiceClient(() => world.api, 'dev');

  before(async function () {
    // One server and one Chromium for the whole file: their start is the slow part.
    this.timeout(120_000);
    receiver = await startWebhookReceiver();
    world = await startConsoleWorld({ WEBHOOK_ALLOW_HOSTS: receiver.host });
  });
  after(async () => {
    await world?.stop();
    await receiver?.close();
  });

  it('sets the webhook URL (a refused one shown next to its field), rotates the secret shown once, sends a signed test event, redelivers it', async () => {
    const owner = await client.signUp();
    const { page } = await world.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('link', { name: 'test', exact: true }).click();

    await page.getByLabel('Delivery report URL').fill('http://10.0.0.1/hook');
    await page.getByRole('button', { name: 'Save webhook settings' }).click();
    const refusedField = page.getByLabel('Delivery report URL');
    expect(await refusedField.getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('#f-dlr_url-error').textContent()).to.not.equal('');

    await page.getByLabel('Delivery report URL').fill(`${receiver.url}/dlr`);
    await page.getByRole('button', { name: 'Save webhook settings' }).click();
    await page.getByText('Webhook settings saved.').waitFor();

    const masked = await page.locator('#signing-secret-masked').textContent();
    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    const secret = (await page.locator('#signing-secret').textContent())!.trim();
    expect(secret).to.match(/^whsec_/);
    expect(masked).to.not.contain(secret);

    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test events sent').waitFor();
    expect(receiver.received).to.have.length(1);
    const [received] = receiver.received;
    const signature = String(received!.headers['x-webhook-signature']);
    expect(signature, 'signed with the secret shown').to.equal(`sha256=${createHmac('sha256', secret).update(received!.raw).digest('hex')}`);
    expect(await page.locator('#signing-secret').count(), 'the secret is shown only once').to.equal(0);
    const eventId = String(received!.headers['x-webhook-id']);
    await page.getByRole('button', { name: `Redeliver ${eventId}` }).click();
    await page.getByText('is queued for delivery again').waitFor();
    await until('the redelivery', async () => receiver.received.length, (count) => count === 2);
    expect(String(receiver.received[1]!.headers['x-webhook-id'])).to.equal(eventId);
  });

  it('lets an invited viewer in through the invitation link, and keeps keys and webhooks from them (403)', async () => {
    const owner = await client.signUp();
    ok(await world.api.request('POST', `/api/admin/balances/${owner.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 100, reason: 'test credit', reference: `credit-${owner.accountId}` } }));
    ok(await client.auth('POST', '/subscriptions', { token: owner.token, body: { product: 'links', tier: 'starter' } }), 201);
    const viewer = client.newAddress();
    ok(await client.auth('POST', '/team/invites', { token: owner.token, body: { email: viewer, role: 'viewer' } }), 201);
    const link = /(http\S+\/app\/accept-invite\?token=[0-9A-Za-z]+)/.exec(await world.newestMail(viewer))![1]!;

    const { page } = await world.newPage();
    await page.goto(link.replace('localhost', '127.0.0.1'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByText('You joined the team as viewer').waitFor();
    await signIn(page, world.consoleUrl, viewer, PASSWORD);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create a test key for this curl' }).count()).to.equal(0);
    for (const path of ['/developers/keys', '/developers/webhooks']) {
      const answer = await page.goto(`${world.consoleUrl}${path}`);
      expect(answer!.status(), path).to.equal(403);
      expect(await page.locator('#error-message').textContent()).to.contain('Your role (viewer)');
    }
    const posted = await page.request.post(`${world.consoleUrl}/developers/keys`, { form: { environment: 'test', scopes: 'send' }, maxRedirects: 0 });
    expect(posted.status(), 'without the form token').to.equal(403);
    const keys = ok(await world.api.request('GET', '/api/keys', { key: owner.token }));
    expect(keys.data).to.deep.equal([]);
  });

  it('creates a Verify app (a template without {{code}} said next to its field), the API reads it, and deletes it', async () => {
    const owner = await client.signUp();
    const { page } = await world.newPage();
    await signIn(page, world.consoleUrl, owner.email, PASSWORD);
    await page.getByRole('link', { name: 'Verify apps' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Checkout');
    await page.getByLabel('Brand').fill('Duka');
    await page.getByLabel('Message template').fill('{{brand}} code: 1234');
    await page.getByRole('button', { name: 'Create app' }).click();
    expect(await page.locator('#f-template-error').textContent()).to.equal('The template must contain {{code}}');
    await page.getByLabel('Message template').fill('{{brand}}: your code is {{code}}');
    await page.getByRole('button', { name: 'Create app' }).click();
    await page.getByText('Verify app Checkout created.').waitFor();
    const appId = /\/verify\/apps\/(vera_[0-9A-Z]{26})/.exec(page.url())![1]!;
    const key = ok(await world.api.request('POST', '/api/keys', { key: owner.token, body: { environment: 'test' } }), 201).key as string;
    const read = ok(await world.api.request('GET', `/v1/verify/apps/${appId}`, { key }));
    expect([read.name, read.brand, read.template, read.code_length]).to.deep.equal(['Checkout', 'Duka', '{{brand}}: your code is {{code}}', 6]);
    await page.getByRole('button', { name: 'Delete app Checkout' }).click();
    await page.getByText('Verify app deleted.').waitFor();
    expect((await world.api.request('GET', `/v1/verify/apps/${appId}`, { key })).status).to.equal(404);
  });
});
