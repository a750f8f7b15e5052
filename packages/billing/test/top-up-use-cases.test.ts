import { expect } from 'chai';
import { currency, err, errAsync, Money, ok, okAsync, type Result } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { ImmediateUnitOfWork } from '@tuma/kernel/testing';
import { CloseTopUp, CompleteTopUp, GetCheckout, GetTopUpStatus, invalidWebhook, paymentProviderError, ReceivePaymentWebhook, StartTopUp, TOP_UP_CREDIT_REASON, WalletLedger, type CreateCheckoutInput, type InvalidWebhookError, type PaymentEvent, type PaymentProvider } from '../src/index.ts';
import { InMemoryTopUpRepository, InMemoryWalletStore } from '../src/testing/index.ts';

const KES = currency('KES');
const kes = (amount: string) => Money.parse(amount, 'KES')._unsafeUnwrap();

/** A provider under the test's control: records checkouts, reads webhooks as JSON events when the "signature" header says ok. */
class FakeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly created: CreateCheckoutInput[] = [];
  failNext = false;

  amountProblem(amount: Money): string | undefined {
    return amount.micros % 10_000n === 0n ? undefined : 'At most 2 decimals';
  }

  createCheckout(input: CreateCheckoutInput) {
    if (this.failNext) return errAsync(paymentProviderError('stripe', 'Stripe did not answer'));
    this.created.push(input);
    return okAsync({ sessionId: `cs_${this.created.length}`, checkoutUrl: `https://pay.example/cs_${this.created.length}` });
  }

  parseWebhook(rawBody: string, headers: Record<string, string | readonly string[] | undefined>): Result<PaymentEvent, InvalidWebhookError> {
    if (headers['x-signature'] !== 'ok') return err(invalidWebhook('signature', 'bad signature'));
    const event = JSON.parse(rawBody) as { kind: string; sessionId: string; amount?: string; eventId: string };
    if (event.kind === 'completed') return ok({ kind: 'completed', eventId: event.eventId, sessionId: event.sessionId, amount: kes(event.amount!) });
    if (event.kind === 'expired') return ok({ kind: 'expired', eventId: event.eventId, sessionId: event.sessionId });
    if (event.kind === 'failed') return ok({ kind: 'failed', eventId: event.eventId, sessionId: event.sessionId, reason: 'card_declined' });
    return ok({ kind: 'ignored', eventId: event.eventId, eventType: event.kind });
  }
}

describe('top-up use cases', () => {
  const clock = new FakeClock('2026-05-01T09:00:00.000Z');
  const uow = new ImmediateUnitOfWork();
  let topUps: InMemoryTopUpRepository;
  let provider: FakeProvider;
  let ledger: WalletLedger;
  let start: StartTopUp;
  let webhook: ReceivePaymentWebhook;

  const returnUrls = (id: string) => ({ successUrl: `https://app.example/checkout/top-ups/${id}`, cancelUrl: `https://app.example/checkout/top-ups/${id}?cancelled=1` });
  const startKes = (amount: string | number, extra: { currency?: string } = {}) =>
    start.execute({ accountId: 'acc_amina', accountEmail: 'amina@example.com', environment: 'live', walletCurrency: KES, amount, ...extra });
  const deliver = (event: Record<string, string>, signature = 'ok') => webhook.execute(JSON.stringify(event), { 'x-signature': signature });
  const balance = async () => (await ledger.balance('acc_amina'))._unsafeUnwrap()?.balance.toDecimalString();

  beforeEach(() => {
    topUps = new InMemoryTopUpRepository();
    provider = new FakeProvider();
    ledger = new WalletLedger(new InMemoryWalletStore(), uow, clock);
    start = new StartTopUp(topUps, provider, uow, clock, returnUrls);
    const complete = new CompleteTopUp(topUps, ledger, uow, clock);
    webhook = new ReceivePaymentWebhook(provider, complete, new CloseTopUp(topUps, uow, clock));
  });

  describe('StartTopUp', () => {
    it('opens a checkout for the amount in the wallet currency with the return pages, and stores the pending top-up', async () => {
      const topUp = (await startKes('2500.50'))._unsafeUnwrap();
      expect(topUp.id).to.match(/^top_/);
      expect(topUp.toSnapshot()).to.deep.include({ accountId: 'acc_amina', provider: 'stripe', providerSessionId: 'cs_1', checkoutUrl: 'https://pay.example/cs_1', status: 'pending', customerEmail: 'amina@example.com' });
      expect(topUp.amount.equals(kes('2500.5'))).to.equal(true);
      const [created] = provider.created;
      expect(created?.topUp).to.deep.equal({ id: topUp.id, accountId: 'acc_amina', amount: topUp.amount, customerEmail: 'amina@example.com' });
      expect([created?.successUrl, created?.cancelUrl]).to.deep.equal([returnUrls(topUp.id).successUrl, returnUrls(topUp.id).cancelUrl]);
      expect((await topUps.findById(topUp.id))?.toSnapshot()).to.deep.equal(topUp.toSnapshot());
    });

    it('refuses bad amounts and currencies with 422-style details before calling the provider', async () => {
      for (const [amount, currencyCode, path] of [['0', undefined, 'amount'], ['-3', undefined, 'amount'], ['1.1234567', undefined, 'amount'], ['10', 'USD', 'currency'], ['10', 'XXQ', 'currency']] as const) {
        const error = (await startKes(amount, currencyCode ? { currency: currencyCode } : {}))._unsafeUnwrapErr();
        expect(error.type, `${amount} ${currencyCode}`).to.equal('validation_error');
        expect(error.type === 'validation_error' && error.details.map((d) => d.path)).to.deep.equal([path]);
      }
      expect(provider.created).to.have.length(0);
    });

    it("refuses an amount the provider cannot charge, in the provider's words", async () => {
      const error = (await startKes('10.005'))._unsafeUnwrapErr();
      expect(error).to.deep.include({ type: 'validation_error', message: 'At most 2 decimals' });
      expect(provider.created).to.have.length(0);
    });

    it('refuses a test key with live_key_required before anything reaches the provider: top-ups move real money', async () => {
      const error = (await start.execute({ accountId: 'acc_amina', accountEmail: null, environment: 'test', walletCurrency: KES, amount: '100' }))._unsafeUnwrapErr();
      expect(error.type).to.equal('live_key_required');
      expect(provider.created).to.have.length(0);
      expect(await topUps.findBySession('stripe', 'cs_1')).to.equal(undefined);
    });

    it('answers payments_not_configured and stores nothing when no provider is configured', async () => {
      const unconfigured = new StartTopUp(topUps, undefined, uow, clock, returnUrls);
      const error = (await unconfigured.execute({ accountId: 'acc_amina', accountEmail: null, environment: 'live', walletCurrency: KES, amount: '100' }))._unsafeUnwrapErr();
      expect(error.type).to.equal('payments_not_configured');
      expect(await balance()).to.equal(undefined);
    });

    it('stores nothing when the provider fails', async () => {
      provider.failNext = true;
      const error = (await startKes('100'))._unsafeUnwrapErr();
      expect(error).to.deep.include({ type: 'payment_provider_error', provider: 'stripe' });
      expect(await topUps.findBySession('stripe', 'cs_1')).to.equal(undefined);
    });
  });

  describe('webhooks', () => {
    it('credit the wallet once, opening it, with reference topup:<id> and the top-up as related object', async () => {
      const topUp = (await startKes('2500.50'))._unsafeUnwrap();
      const receipt = (await deliver({ kind: 'completed', eventId: 'evt_1', sessionId: 'cs_1', amount: '2500.5' }))._unsafeUnwrap();
      expect(receipt).to.deep.equal({ eventId: 'evt_1', outcome: 'credited', topUpId: topUp.id });
      expect(await balance()).to.equal('2500.500000');
      const [entry] = (await ledger.transactions({ accountId: 'acc_amina', page: 0, limit: 10 }))._unsafeUnwrap().entries;
      expect(entry).to.deep.include({ kind: 'credit', reason: TOP_UP_CREDIT_REASON, reference: `topup:${topUp.id}` });
      expect(entry?.related).to.deep.equal({ type: 'top_up', id: topUp.id });
      expect((await topUps.findById(topUp.id))?.status).to.equal('completed');
    });

    it('tell the followers once a credit committed, and never again for a repeat or a payment that credits nothing', async () => {
      const told: string[] = [];
      const followed = new ReceivePaymentWebhook(provider, new CompleteTopUp(topUps, ledger, uow, clock, { credited: async (accountId) => void told.push(accountId) }), new CloseTopUp(topUps, uow, clock));
      await startKes('100');
      const paid = JSON.stringify({ kind: 'completed', eventId: 'evt_1', sessionId: 'cs_1', amount: '100' });
      expect((await followed.execute(paid, { 'x-signature': 'ok' }))._unsafeUnwrap().outcome).to.equal('credited');
      expect((await followed.execute(paid, { 'x-signature': 'ok' }))._unsafeUnwrap().outcome).to.equal('duplicate');
      await startKes('50');
      expect((await followed.execute(JSON.stringify({ kind: 'completed', eventId: 'evt_2', sessionId: 'cs_2', amount: '5' }), { 'x-signature': 'ok' }))._unsafeUnwrap().outcome).to.equal('amount_mismatch');
      expect(told).to.deep.equal(['acc_amina']);
    });

    it('a replay or a second delivery of the same payment is a no-op success', async () => {
      await startKes('100');
      const paid = { kind: 'completed', eventId: 'evt_1', sessionId: 'cs_1', amount: '100' };
      expect((await deliver(paid))._unsafeUnwrap().outcome).to.equal('credited');
      expect((await deliver(paid))._unsafeUnwrap().outcome).to.equal('duplicate');
      expect((await deliver({ ...paid, eventId: 'evt_2' }))._unsafeUnwrap().outcome).to.equal('duplicate');
      expect(await balance()).to.equal('100.000000');
      expect((await ledger.transactions({ accountId: 'acc_amina', page: 0, limit: 10 }))._unsafeUnwrap().total).to.equal(1);
    });

    it('never credit a payment of another amount: the top-up fails with the reason', async () => {
      const topUp = (await startKes('100'))._unsafeUnwrap();
      const receipt = (await deliver({ kind: 'completed', eventId: 'evt_1', sessionId: 'cs_1', amount: '10' }))._unsafeUnwrap();
      expect(receipt.outcome).to.equal('amount_mismatch');
      expect(await balance()).to.equal(undefined);
      const stored = await topUps.findById(topUp.id);
      expect([stored?.status, stored?.failureReason]).to.deep.equal(['failed', 'amount_mismatch: paid 10.000000 KES, expected 100.000000 KES']);
      expect((await deliver({ kind: 'completed', eventId: 'evt_2', sessionId: 'cs_1', amount: '100' }))._unsafeUnwrap().outcome).to.equal('closed');
      expect(await balance()).to.equal(undefined);
    });

    it('expire or fail a pending top-up, and leave a completed one alone', async () => {
      const expiring = (await startKes('100'))._unsafeUnwrap();
      const failing = (await startKes('200'))._unsafeUnwrap();
      const paid = (await startKes('300'))._unsafeUnwrap();
      expect((await deliver({ kind: 'expired', eventId: 'e1', sessionId: 'cs_1' }))._unsafeUnwrap()).to.deep.equal({ eventId: 'e1', outcome: 'expired', topUpId: expiring.id });
      expect((await deliver({ kind: 'failed', eventId: 'e2', sessionId: 'cs_2' }))._unsafeUnwrap().outcome).to.equal('failed');
      expect((await deliver({ kind: 'completed', eventId: 'e3', sessionId: 'cs_3', amount: '300' }))._unsafeUnwrap().outcome).to.equal('credited');
      expect((await deliver({ kind: 'expired', eventId: 'e4', sessionId: 'cs_3' }))._unsafeUnwrap().outcome).to.equal('unchanged');
      expect((await topUps.findById(failing.id))?.failureReason).to.equal('card_declined');
      expect((await topUps.findById(paid.id))?.status).to.equal('completed');
      expect(await balance()).to.equal('300.000000');
    });

    it('acknowledge unknown sessions and other events without changing anything', async () => {
      expect((await deliver({ kind: 'completed', eventId: 'e1', sessionId: 'cs_nope', amount: '5' }))._unsafeUnwrap()).to.deep.equal({ eventId: 'e1', outcome: 'unknown_session', topUpId: null });
      expect((await deliver({ kind: 'customer.created', eventId: 'e2', sessionId: '' }))._unsafeUnwrap()).to.deep.equal({ eventId: 'e2', outcome: 'ignored', topUpId: null });
      expect(await balance()).to.equal(undefined);
    });

    it('refuse an unverified webhook before reading it', async () => {
      await startKes('100');
      const error = (await deliver({ kind: 'completed', eventId: 'e1', sessionId: 'cs_1', amount: '100' }, 'forged'))._unsafeUnwrapErr();
      expect(error).to.deep.include({ type: 'invalid_webhook', reason: 'signature' });
      expect(await balance()).to.equal(undefined);
    });

    it('report a wallet in another currency than the top-up as the ledger error, crediting nothing', async () => {
      (await ledger.openWallet({ accountId: 'acc_amina', currency: currency('USD') }))._unsafeUnwrap();
      const topUp = (await startKes('100'))._unsafeUnwrap();
      const error = (await deliver({ kind: 'completed', eventId: 'e1', sessionId: 'cs_1', amount: '100' }))._unsafeUnwrapErr();
      expect(error.type).to.equal('currency_mismatch');
      expect((await ledger.balance('acc_amina'))._unsafeUnwrap()?.balance.isZero()).to.equal(true);
      expect((await topUps.findById(topUp.id))?.status).to.equal('pending');
    });
  });

  describe('reads', () => {
    it('GetTopUpStatus shows the top-up with the balance now; GetCheckout finds it by session', async () => {
      const topUp = (await startKes('100'))._unsafeUnwrap();
      const before = (await new GetTopUpStatus(topUps, ledger).execute(topUp.id))._unsafeUnwrap();
      expect([before.topUp.status, before.balance]).to.deep.equal(['pending', undefined]);
      await deliver({ kind: 'completed', eventId: 'e1', sessionId: 'cs_1', amount: '100' });
      const after = (await new GetTopUpStatus(topUps, ledger).execute(topUp.id))._unsafeUnwrap();
      expect([after.topUp.status, after.balance?.toDecimalString()]).to.deep.equal(['completed', '100.000000']);
      expect((await new GetTopUpStatus(topUps, ledger).execute('top_missing'))._unsafeUnwrapErr()).to.deep.include({ type: 'not_found', resource: 'top_up' });
      expect((await new GetCheckout(topUps).execute('stripe', 'cs_1'))._unsafeUnwrap().id).to.equal(topUp.id);
      expect((await new GetCheckout(topUps).execute('hosted', 'cs_1'))._unsafeUnwrapErr().type).to.equal('not_found');
    });
  });
});
