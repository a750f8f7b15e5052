import { expect } from 'chai';
import { Money } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { StripeCheckoutProvider } from '../src/index.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  stripeSignature,
  type StripeStandIn,
} from '../../../test/support/stripe-stand-in.ts';

const clock = new FakeClock('2026-06-01T10:00:00.000Z');
const topUp = (amount: string, code: string) => ({ id: 'top_01ABC', accountId: 'acc_01XYZ', amount: Money.parse(amount, code)._unsafeUnwrap(), customerEmail: 'a@b.co' });
const urls = { successUrl: 'http://localhost:3000/checkout/top-ups/top_01ABC', cancelUrl: 'http://localhost:3000/checkout/top-ups/top_01ABC?cancelled=1' };

describe('StripeCheckoutProvider', () => {
  let stripe: StripeStandIn;
  let provider: StripeCheckoutProvider;

  before(async () => {
    stripe = await startStripeStandIn();
  });
  after(async () => stripe.close());
  beforeEach(() => {
    provider = new StripeCheckoutProvider({ secretKey: STAND_IN_SECRET_KEY, webhookSecret: STAND_IN_WEBHOOK_SECRET, apiBase: `${stripe.baseUrl}/`, clock });
  });

  describe('checkout sessions', () => {
    it('creates a payment-mode session with one line item in minor units, the return URLs, metadata and an idempotency key', async () => {
      const session = (await provider.createCheckout({ topUp: topUp('2500.55', 'KES'), ...urls }))._unsafeUnwrap();
      const request = stripe.requests.at(-1)!;
      expect(session).to.deep.equal({ sessionId: stripe.sessions.at(-1)!.id, checkoutUrl: stripe.sessions.at(-1)!.url });
      expect([request.method, request.path]).to.deep.equal(['POST', '/v1/checkout/sessions']);
      expect(request.headers.authorization).to.equal(`Bearer ${STAND_IN_SECRET_KEY}`);
      expect(request.headers['content-type']).to.equal('application/x-www-form-urlencoded');
      expect(request.headers['idempotency-key']).to.equal('tuma-topup-top_01ABC');
      expect(request.form).to.deep.equal({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'kes',
        'line_items[0][price_data][unit_amount]': '250055',
        'line_items[0][price_data][product_data][name]': 'Tuma wallet top-up',
        success_url: urls.successUrl,
        cancel_url: urls.cancelUrl,
        client_reference_id: 'top_01ABC',
        'metadata[top_up_id]': 'top_01ABC',
        'metadata[account_id]': 'acc_01XYZ',
        'payment_intent_data[metadata][top_up_id]': 'top_01ABC',
        'payment_intent_data[metadata][account_id]': 'acc_01XYZ',
      });
    });

    it('sends zero-decimal currencies in whole units', async () => {
      await provider.createCheckout({ topUp: topUp('50000', 'UGX'), ...urls });
      expect(stripe.requests.at(-1)!.form).to.deep.include({ 'line_items[0][price_data][currency]': 'ugx', 'line_items[0][price_data][unit_amount]': '50000' });
    });

    it("reports Stripe's refusal and an unreachable Stripe as payment_provider_error", async () => {
      stripe.refuseNext(400, 'Amount must convert to at least 50 cents.');
      const refused = (await provider.createCheckout({ topUp: topUp('1', 'KES'), ...urls }))._unsafeUnwrapErr();
      expect(refused).to.deep.equal({
        type: 'payment_provider_error',
        provider: 'stripe',
        message: 'Stripe refused the checkout session (HTTP 400): Amount must convert to at least 50 cents.',
      });
      const wrongKey = new StripeCheckoutProvider({ secretKey: 'sk_test_wrong', webhookSecret: STAND_IN_WEBHOOK_SECRET, apiBase: stripe.baseUrl, clock });
      expect((await wrongKey.createCheckout({ topUp: topUp('10', 'KES'), ...urls }))._unsafeUnwrapErr().message).to.contain('HTTP 401');
      const offline = new StripeCheckoutProvider({ secretKey: STAND_IN_SECRET_KEY, webhookSecret: STAND_IN_WEBHOOK_SECRET, apiBase: 'http://127.0.0.1:1', clock });
      expect((await offline.createCheckout({ topUp: topUp('10', 'KES'), ...urls }))._unsafeUnwrapErr().message).to.match(/^Stripe did not answer/);
    });
  });

  describe('webhooks', () => {
    const session = { id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1', amount_total: 250055, currency: 'kes', client_reference_id: 'top_01ABC', metadata: {} };
    const delivered = (type: string, overrides: Record<string, unknown> = {}, at = clock.now()) => {
      const event = stripe.event(type, session, overrides);
      return { event, result: provider.parseWebhook(event.body, { 'stripe-signature': stripeSignature(event.body, at) }) };
    };

    it('reads a paid checkout.session.completed as the completion of its session, with the amount in the wallet currency', () => {
      const { event, result } = delivered('checkout.session.completed');
      const paid = result._unsafeUnwrap();
      expect(paid).to.deep.include({ kind: 'completed', eventId: event.id, sessionId: 'cs_test_1' });
      expect(paid.kind === 'completed' && paid.amount.equals(Money.parse('2500.55', 'KES')._unsafeUnwrap())).to.equal(true);
    });

    it('waits on an unpaid completion (delayed payment methods) and follows the async outcome', () => {
      expect(delivered('checkout.session.completed', { payment_status: 'unpaid' }).result._unsafeUnwrap()).to.deep.include({ kind: 'ignored', eventType: 'checkout.session.completed (unpaid)' });
      expect(delivered('checkout.session.async_payment_succeeded').result._unsafeUnwrap().kind).to.equal('completed');
      expect(delivered('checkout.session.async_payment_failed').result._unsafeUnwrap()).to.deep.include({ kind: 'failed', sessionId: 'cs_test_1', reason: 'async_payment_failed' });
      expect(delivered('checkout.session.expired').result._unsafeUnwrap()).to.deep.include({ kind: 'expired', sessionId: 'cs_test_1' });
      expect(delivered('payment_intent.succeeded').result._unsafeUnwrap()).to.deep.include({ kind: 'ignored', eventType: 'payment_intent.succeeded' });
    });

    it('refuses a bad signature and a stale timestamp before reading anything', () => {
      const event = stripe.event('checkout.session.completed', session);
      const forged = provider.parseWebhook(event.body, { 'stripe-signature': stripeSignature(event.body, clock.now(), 'whsec_someone_else') });
      expect(forged._unsafeUnwrapErr()).to.deep.include({ type: 'invalid_webhook', reason: 'signature' });
      const stale = delivered('checkout.session.completed', {}, new Date(clock.now().getTime() - 301_000)).result;
      expect(stale._unsafeUnwrapErr()).to.deep.include({ type: 'invalid_webhook', reason: 'timestamp' });
      expect(provider.parseWebhook(event.body, {})._unsafeUnwrapErr().message).to.equal('Missing Stripe-Signature header');
    });

    it('refuses signed bodies that are not readable events', () => {
      for (const body of ['not json', '[]', '{"type":"checkout.session.completed"}', '{"id":"evt","type":"checkout.session.completed","data":{}}']) {
        const result = provider.parseWebhook(body, { 'stripe-signature': stripeSignature(body, clock.now()) });
        expect(result._unsafeUnwrapErr(), body).to.deep.include({ type: 'invalid_webhook', reason: 'payload' });
      }
      expect(delivered('checkout.session.completed', { amount_total: null }).result._unsafeUnwrapErr().reason).to.equal('payload');
    });
  });
});
