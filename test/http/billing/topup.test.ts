import { expect } from 'chai';
import { WalletLedger } from '@tuma/billing';
import { NodeDigests } from '@tuma/crypto-adapter';
import { Money, systemClock } from '@tuma/kernel';
import { MikroOrmUnitOfWork, MikroOrmWalletStore } from '@tuma/mikro-orm-adapter';
import { TimestampedSignatures } from '@tuma/webhooks';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/browser.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  stripeSignature,
  type StripeStandIn,
} from '../../support/stripe-stand-in.ts';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

const signatures = new TimestampedSignatures(new NodeDigests());

const HOSTED_SECRET = 'hosted-checkout-secret-for-the-e2e-tests-0123';

/** The ledger entries of a top-up's credit, read from the database the server writes. */
async function creditsOf(accountId: string, topUpId: string): Promise<string[]> {
  const database = await testDatabase();
  const ledger = new WalletLedger(new MikroOrmWalletStore(database), new MikroOrmUnitOfWork(database), systemClock);
  const page = await database.withContext(async () => (await ledger.transactions({ accountId, page: 0, limit: 100 }))._unsafeUnwrap());
  return page.entries.filter((entry) => entry.reference === `topup:${topUpId}`).map((entry) => `${entry.kind} ${entry.amount.toDecimalString()}`);
}

/** The wallet balance in micro-units, read from the database the server writes. */
async function balanceMicros(accountId: string): Promise<bigint> {
  const database = await testDatabase();
  const ledger = new WalletLedger(new MikroOrmWalletStore(database), new MikroOrmUnitOfWork(database), systemClock);
  const wallet = await database.withContext(async () => (await ledger.balance(accountId))._unsafeUnwrap());
  return wallet?.balance.micros ?? 0n;
}

/** A request that does not follow redirects (the 303s are what is tested). */
const raw = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });

/** `#id`'s data-amount on one of the checkout pages. */
const dataAmount = (html: string, id: string) => new RegExp(`id="${id}" data-amount="([^"]+)"`).exec(html)?.[1];
const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

async function customer(api: TestServer, email: string, walletCurrency: string): Promise<{ key: string; testKey: string; accountId: string }> {
  const account = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email, wallet_currency: walletCurrency } });
  expect(account.status).to.equal(201);
  const keyOf = async (environment: 'live' | 'test') => {
    const key = await api.request('POST', `/api/admin/accounts/${account.body.id}/keys`, { key: ADMIN_KEY, body: { environment } });
    expect(key.status).to.equal(201);
    return key.body.key as string;
  };
  return { key: await keyOf('live'), testKey: await keyOf('test'), accountId: account.body.id };
}

/** A test key's top-up: 403 live_key_required, and nothing started or credited (test traffic never spends money). */
async function expectTestKeyRefused(api: TestServer, testKey: string, accountId: string): Promise<void> {
  const before = await balanceMicros(accountId);
  const res = await api.request('POST', '/api/balance/topup', { key: testKey, body: { amount: '1000' } });
  expect(res.status, res.text).to.equal(403);
  expect(res.body.error.code).to.equal('live_key_required');
  expect(await balanceMicros(accountId)).to.equal(before);
}

describe(`HTTP top-ups on ${databaseKind()}`, () => {
  describe('a PostgreSQL install without PAYMENT_PROVIDER', () => {
    let api: TestServer;
    const log: string[] = [];

    before(async () => {
      // DATABASE_URL only marks the install as a production one: the suite's database is handed to the server.
      api = await startTestServer(
        { DATABASE_URL: 'postgres://tuma@db.example.com/tuma', WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') },
        { log: (line) => log.push(line) },
      );
    });
    after(async () => api.stop());

    it('answers 503 payments_not_configured and credits nothing: the free hosted checkout is never the default there', async () => {
      const { key, accountId } = await customer(api, 'prod@example.com', 'KES');
      const res = await api.request('POST', '/api/balance/topup', { key, body: { amount: '1000' } });
      expect(res.status, res.text).to.equal(503);
      expect(res.body.error.code).to.equal('payments_not_configured');
      expect(await balanceMicros(accountId)).to.equal(0n);
      for (const path of ['/api/payments/webhooks/hosted', '/api/payments/webhooks/stripe']) {
        expect((await api.request('POST', path, { rawBody: '{}', headers: { 'Content-Type': 'application/json' } })).status, path).to.equal(404);
      }
      expect((await api.request('GET', '/checkout/cs_anything')).status).to.equal(404);
    });

    it('tells the operator at start why top-ups are off and what to set', () => {
      const warning = log.map((line) => JSON.parse(line)).find((entry) => entry.level === 'warn' && String(entry.msg).includes('payments_not_configured'));
      expect(warning?.msg).to.contain('PAYMENT_PROVIDER=stripe');
    });
  });

  describe('hosted checkout (the embedded default)', () => {
    let api: TestServer;
    let key: string;
    let testKey: string;
    let accountId: string;

    const startTopUp = async (amount: unknown, extra: Record<string, unknown> = {}) => {
      const res = await api.request('POST', '/api/balance/topup', { key, body: { amount, ...extra } });
      expect(res.status, res.text).to.equal(200);
      return res.body as { top_up_id: string; checkout_url: string; amount: number; currency: string; status: string; provider: string };
    };
    const checkoutPath = (checkoutUrl: string) => new URL(checkoutUrl).pathname;
    const hostedEvent = (type: string, sessionId: string, topUpId: string, amount: string, currency = 'KES') =>
      JSON.stringify({ id: `${sessionId}.${type}`, type, created: Math.floor(Date.now() / 1000), data: { session_id: sessionId, top_up_id: topUpId, amount, currency } });
    const postHosted = (body: string, signature = signatures.header(HOSTED_SECRET, body, new Date())) =>
      api.request('POST', '/api/payments/webhooks/hosted', { rawBody: body, headers: { 'Content-Type': 'application/json', 'Tuma-Signature': signature } });

    before(async () => {
      api = await startTestServer({ HOSTED_CHECKOUT_SECRET: HOSTED_SECRET });
      ({ key, testKey, accountId } = await customer(api, 'amina@example.com', 'KES'));
    });
    after(async () => api.stop());

    it('starts a top-up: JSON with the checkout URL by default, under /api and /v1', async () => {
      const body = await startTopUp('2500.55');
      expect(body).to.have.keys('top_up_id', 'checkout_url', 'amount', 'currency', 'status', 'provider', 'created_at');
      expect(body).to.deep.include({ amount: 2500.55, currency: 'KES', status: 'pending', provider: 'hosted' });
      expect(body.top_up_id).to.match(/^top_[0-9A-Z]{26}$/);
      expect(body.checkout_url).to.match(new RegExp(`^http://localhost:${api.started.port}/checkout/hcs_[A-Za-z0-9_-]{32}$`));
      const v1 = await api.request('POST', '/v1/balance/topup', { key, body: { amount: 10, currency: 'kes' } });
      expect([v1.status, v1.body.amount, v1.body.currency]).to.deep.equal([200, 10, 'KES']);
    });

    it('redirects with 303 to the checkout when the client asks for HTML', async () => {
      const res = await raw(`${api.baseUrl}/api/balance/topup`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
        body: JSON.stringify({ amount: '15' }),
      });
      expect(res.status).to.equal(303);
      const body = (await res.json()) as { checkout_url: string };
      expect(res.headers.get('location')).to.equal(body.checkout_url);
    });

    it('answers 422 naming the field for zero, negative, over-precise, non-decimal, out-of-range amounts and wrong currencies', async () => {
      const cases: [unknown, string][] = [
        [{ amount: 0 }, 'amount'],
        [{ amount: '-10' }, 'amount'],
        [{ amount: '10.1234567' }, 'amount'],
        [{ amount: 0.1 + 0.2 }, 'amount'],
        [{ amount: 'ten' }, 'amount'],
        [{ amount: '0.5' }, 'amount'],
        [{ amount: 1_000_000_001 }, 'amount'],
        [{ amount: true }, 'amount'],
        [{}, 'amount'],
        [{ amount: 10, currency: 'ZZZ' }, 'currency'],
        [{ amount: 10, currency: 'USD' }, 'currency'],
      ];
      for (const [body, path] of cases) {
        const res = await api.request('POST', '/api/balance/topup', { key, body });
        expect(res.status, JSON.stringify(body)).to.equal(422);
        expect(res.body.error.code).to.equal('validation_error');
        expect(res.body.error.details.map((d: { path: string; in: string }) => `${d.in}:${d.path}`), JSON.stringify(body)).to.deep.equal([`body:${path}`]);
      }
    });

    it('needs a customer key', async () => {
      expect((await api.request('POST', '/api/balance/topup', { body: { amount: 10 } })).status).to.equal(401);
      expect((await api.request('POST', '/api/balance/topup', { key: ADMIN_KEY, body: { amount: 10 } })).status).to.equal(403);
    });

    it('serves the checkout page: amount, account email, Confirm and Cancel, and nothing loaded from elsewhere', async () => {
      const topUp = await startTopUp('2500.55');
      const page = await api.request('GET', checkoutPath(topUp.checkout_url));
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).to.contain("default-src 'none'");
      expect(page.headers.get('cache-control')).to.equal('no-store');
      expect(dataAmount(page.text, 'amount')).to.equal('2500.550000');
      expect(textOf(page.text, 'email')).to.equal('amina@example.com');
      expect(page.text).to.contain('id="confirm"').and.to.contain('id="cancel"');
      expect(page.text).to.contain(`action="${checkoutPath(topUp.checkout_url)}/confirm"`);
      expect(page.text).to.not.match(/\s(src|href)="(https?:)?\/\//);
      const missing = await api.request('GET', '/checkout/hcs_doesnotexist0000000000000000000000');
      expect(missing.status).to.equal(404);
      expect(missing.headers.get('content-type')).to.contain('text/html');
    });

    it('Confirm credits the wallet once through the hosted webhook and shows the new balance; replays credit nothing', async () => {
      const topUp = await startTopUp('2500.55');
      const path = checkoutPath(topUp.checkout_url);
      const confirm = await raw(`${api.baseUrl}${path}/confirm`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(confirm.status).to.equal(303);
      const location = confirm.headers.get('location')!;
      expect(location).to.equal(`http://localhost:${api.started.port}/checkout/top-ups/${topUp.top_up_id}`);
      const success = await api.request('GET', new URL(location).pathname);
      expect(success.status).to.equal(200);
      expect(textOf(success.text, 'status')).to.equal('completed');
      expect(dataAmount(success.text, 'balance')).to.equal('2500.550000');
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal(['credit 2500.550000']);

      const sessionId = path.split('/').at(-1)!;
      const body = hostedEvent('checkout.completed', sessionId, topUp.top_up_id, '2500.550000');
      const replays = await Promise.all([postHosted(body), postHosted(body), postHosted(body)]);
      for (const replay of replays) expect([replay.status, replay.body.outcome]).to.deep.equal([200, 'duplicate']);
      const again = await raw(`${api.baseUrl}${path}/confirm`, { method: 'POST' });
      expect([again.status, again.headers.get('location')]).to.deep.equal([303, `/checkout/top-ups/${topUp.top_up_id}`]);
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal(['credit 2500.550000']);
      expect(dataAmount((await api.request('GET', new URL(location).pathname)).text, 'balance')).to.equal('2500.550000');
    });

    it('Cancel expires the top-up, credits nothing, and a later Confirm is refused', async () => {
      const topUp = await startTopUp('40');
      const path = checkoutPath(topUp.checkout_url);
      const cancel = await raw(`${api.baseUrl}${path}/cancel`, { method: 'POST' });
      expect(cancel.status).to.equal(303);
      expect(cancel.headers.get('location')).to.equal(`http://localhost:${api.started.port}/checkout/top-ups/${topUp.top_up_id}?cancelled=1`);
      const page = await api.request('GET', `/checkout/top-ups/${topUp.top_up_id}?cancelled=1`);
      expect(textOf(page.text, 'status')).to.equal('expired');
      const confirm = await raw(`${api.baseUrl}${path}/confirm`, { method: 'POST' });
      expect([confirm.status, confirm.headers.get('location')]).to.deep.equal([303, `/checkout/top-ups/${topUp.top_up_id}`]);
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal([]);
    });

    it('refuses webhooks with a missing or wrong signature, a stale timestamp or another amount, as JSON 400s', async () => {
      const topUp = await startTopUp('75');
      const sessionId = checkoutPath(topUp.checkout_url).split('/').at(-1)!;
      const body = hostedEvent('checkout.completed', sessionId, topUp.top_up_id, '75.000000');
      const forged = await postHosted(body, signatures.header('not-the-secret-0123456789abcdef0123', body, new Date()));
      expect([forged.status, forged.body.error.code, forged.body.error.reason]).to.deep.equal([400, 'invalid_webhook', 'signature']);
      const stale = await postHosted(body, signatures.header(HOSTED_SECRET, body, new Date(Date.now() - 301_000)));
      expect([stale.status, stale.body.error.reason]).to.deep.equal([400, 'timestamp']);
      const unsigned = await api.request('POST', '/api/payments/webhooks/hosted', { rawBody: body, headers: { 'Content-Type': 'application/json' } });
      expect([unsigned.status, unsigned.body.error.reason]).to.deep.equal([400, 'signature']);
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal([]);
      const overpaid = await postHosted(hostedEvent('checkout.completed', sessionId, topUp.top_up_id, '7500.000000'));
      expect([overpaid.status, overpaid.body.outcome]).to.deep.equal([200, 'amount_mismatch']);
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal([]);
      expect(textOf((await api.request('GET', `/checkout/top-ups/${topUp.top_up_id}`)).text, 'status')).to.equal('failed');
    });

    it('refuses a test key with 403 live_key_required: a test top-up would put real credit in the live wallet', async () => {
      await expectTestKeyRefused(api, testKey, accountId);
    });

    it('mounts no Stripe webhook while the hosted checkout is the provider', async () => {
      const res = await api.request('POST', '/api/payments/webhooks/stripe', { body: {} });
      expect(res.status).to.equal(404);
    });

    it('works in a real browser: open the checkout, click Confirm, see the credited balance', async () => {
      const topUp = await startTopUp('123.45');
      const before = await balanceMicros(accountId);
      const browser: Browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(topUp.checkout_url);
        expect(await page.locator('#email').textContent()).to.equal('amina@example.com');
        await page.getByRole('button', { name: 'Confirm payment' }).click();
        await page.waitForURL(`http://localhost:${api.started.port}/checkout/top-ups/${topUp.top_up_id}`);
        await page.locator('#balance').waitFor();
        expect(await page.locator('#status').textContent()).to.equal('completed');
        const balance = await page.locator('#balance').getAttribute('data-amount');
        expect(Money.parse(balance!, 'KES')._unsafeUnwrap().micros).to.equal(before + 123_450_000n);
      } finally {
        await browser.close();
      }
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal(['credit 123.450000']);
    });
  });

  describe('Stripe Checkout (against a local stand-in)', () => {
    let stripe: StripeStandIn;
    let api: TestServer;
    let key: string;
    let testKey: string;
    let accountId: string;

    const startTopUp = async (amount: unknown, apiKey = key) => {
      const res = await api.request('POST', '/api/balance/topup', { key: apiKey, body: { amount } });
      expect(res.status, res.text).to.equal(200);
      return res.body as { top_up_id: string; checkout_url: string };
    };
    const deliver = (body: string, signature = stripeSignature(body)) =>
      api.request('POST', '/api/payments/webhooks/stripe', { rawBody: body, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature } });

    before(async () => {
      stripe = await startStripeStandIn();
      api = await startTestServer({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.baseUrl,
      });
      ({ key, testKey, accountId } = await customer(api, 'kwame@example.com', 'KES'));
    });
    after(async () => {
      await api.stop();
      await stripe.close();
    });

    it('creates a Checkout Session in minor units with metadata and return pages, and hands out its URL', async () => {
      const topUp = await startTopUp('2500.55');
      const session = stripe.sessions.at(-1)!;
      expect(topUp.checkout_url).to.equal(session.url);
      const { form, headers } = stripe.requests.at(-1)!;
      expect(headers.authorization).to.equal(`Bearer ${STAND_IN_SECRET_KEY}`);
      expect(form).to.deep.include({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'kes',
        'line_items[0][price_data][unit_amount]': '250055',
        client_reference_id: topUp.top_up_id,
        'metadata[top_up_id]': topUp.top_up_id,
        'metadata[account_id]': accountId,
        success_url: `http://localhost:${api.started.port}/checkout/top-ups/${topUp.top_up_id}`,
        cancel_url: `http://localhost:${api.started.port}/checkout/top-ups/${topUp.top_up_id}?cancelled=1`,
      });
    });

    it('charges zero-decimal currencies in whole units and refuses decimals there with 422', async () => {
      const uganda = await customer(api, 'nakato@example.com', 'UGX');
      await startTopUp('50000', uganda.key);
      expect(stripe.requests.at(-1)!.form).to.deep.include({ 'line_items[0][price_data][currency]': 'ugx', 'line_items[0][price_data][unit_amount]': '50000' });
      const decimals = await api.request('POST', '/api/balance/topup', { key: uganda.key, body: { amount: '500.5' } });
      expect(decimals.status).to.equal(422);
      expect(decimals.body.error.details).to.deep.equal([{ path: 'amount', message: 'Card payments in UGX are in whole units: no decimals', in: 'body' }]);
      const cents = await api.request('POST', '/api/balance/topup', { key, body: { amount: '10.005' } });
      expect([cents.status, cents.body.error.details[0].path]).to.deep.equal([422, 'amount']);
    });

    it('refuses a test key with 403 live_key_required and asks Stripe for nothing', async () => {
      const requests = stripe.requests.length;
      await expectTestKeyRefused(api, testKey, accountId);
      expect(stripe.requests.length).to.equal(requests);
    });

    it("answers 502 when Stripe refuses, and stores nothing", async () => {
      const before = stripe.sessions.length;
      stripe.refuseNext(400, 'Amount must convert to at least 50 cents.');
      const res = await api.request('POST', '/api/balance/topup', { key, body: { amount: '1' } });
      expect(res.status).to.equal(502);
      expect(res.body.error).to.deep.include({ code: 'payment_provider_error', provider: 'stripe' });
      expect(res.body.error.message).to.contain('at least 50 cents');
      expect(stripe.sessions.length).to.equal(before);
    });

    it('credits once on checkout.session.completed, however often it is delivered', async () => {
      const topUp = await startTopUp('980');
      const { body } = stripe.event('checkout.session.completed', stripe.sessions.at(-1)!);
      const first = await deliver(body);
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.include({ received: true, outcome: 'credited', top_up_id: topUp.top_up_id });
      const signature = stripeSignature(body);
      const replays = await Promise.all([deliver(body, signature), deliver(body, signature), deliver(body)]);
      for (const replay of replays) expect([replay.status, replay.body.outcome]).to.deep.equal([200, 'duplicate']);
      const redelivered = stripe.event('checkout.session.completed', stripe.sessions.at(-1)!);
      expect((await deliver(redelivered.body)).body.outcome).to.equal('duplicate');
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal(['credit 980.000000']);
      const page = await api.request('GET', `/checkout/top-ups/${topUp.top_up_id}`);
      expect(textOf(page.text, 'status')).to.equal('completed');
      expect(dataAmount(page.text, 'amount')).to.equal('980.000000');
    });

    it('credits once when parallel first deliveries race', async () => {
      const topUp = await startTopUp('55');
      const { body } = stripe.event('checkout.session.completed', stripe.sessions.at(-1)!);
      const outcomes = (await Promise.all(Array.from({ length: 6 }, () => deliver(body)))).map((res) => res.body.outcome);
      expect(outcomes.filter((outcome) => outcome === 'credited')).to.have.length(1);
      expect(outcomes.filter((outcome) => outcome === 'duplicate')).to.have.length(5);
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal(['credit 55.000000']);
    });

    it('refuses a bad signature and a stale timestamp with 400 and credits nothing', async () => {
      const topUp = await startTopUp('60');
      const { body } = stripe.event('checkout.session.completed', stripe.sessions.at(-1)!);
      const forged = await deliver(body, stripeSignature(body, new Date(), 'whsec_not_the_endpoint_secret'));
      expect([forged.status, forged.body.error.code, forged.body.error.reason]).to.deep.equal([400, 'invalid_webhook', 'signature']);
      const stale = await deliver(body, stripeSignature(body, new Date(Date.now() - 301_000)));
      expect([stale.status, stale.body.error.code, stale.body.error.reason]).to.deep.equal([400, 'invalid_webhook', 'timestamp']);
      const tampered = await deliver(body.replace('"amount_total":6000', '"amount_total":600000'), stripeSignature(body));
      expect([tampered.status, tampered.body.error.reason]).to.deep.equal([400, 'signature']);
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal([]);
    });

    it('waits on unpaid completions, expires on checkout.session.expired, and acknowledges other events', async () => {
      const topUp = await startTopUp('70');
      const session = stripe.sessions.at(-1)!;
      const unpaid = await deliver(stripe.event('checkout.session.completed', session, { payment_status: 'unpaid' }).body);
      expect([unpaid.status, unpaid.body.outcome]).to.deep.equal([200, 'ignored']);
      const expired = await deliver(stripe.event('checkout.session.expired', session, { status: 'expired', payment_status: 'unpaid' }).body);
      expect([expired.status, expired.body.outcome]).to.deep.equal([200, 'expired']);
      const other = await deliver(JSON.stringify({ id: 'evt_other', type: 'customer.created', data: { object: {} } }));
      expect([other.status, other.body.outcome]).to.deep.equal([200, 'ignored']);
      const unknown = await deliver(stripe.event('checkout.session.completed', { ...session, id: 'cs_test_not_ours' }).body);
      expect([unknown.status, unknown.body.outcome]).to.deep.equal([200, 'unknown_session']);
      expect(textOf((await api.request('GET', `/checkout/top-ups/${topUp.top_up_id}`)).text, 'status')).to.equal('expired');
      expect(await creditsOf(accountId, topUp.top_up_id)).to.deep.equal([]);
    });

    it('serves no hosted checkout and no hosted webhook with Stripe as the provider', async () => {
      expect((await api.request('GET', '/checkout/hcs_abcdefghijklmnopqrstuvwxyz012345')).status).to.equal(404);
      expect((await api.request('POST', '/api/payments/webhooks/hosted', { body: {} })).status).to.equal(404);
    });
  });
});
