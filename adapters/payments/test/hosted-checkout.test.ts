import { expect } from 'chai';
import { GetCheckout, TopUp } from '@tuma/billing';
import { InMemoryTopUpRepository } from '@tuma/billing/testing';
import { Money } from '@tuma/kernel';
import { FakeClock, ReferenceDigests } from '@tuma/kernel/testing';
import { TimestampedSignatures } from '@tuma/webhooks';
import { HOSTED_WEBHOOK_PATH, HostedCheckoutDesk, HostedCheckoutProvider } from '../src/index.ts';

const signatures = new TimestampedSignatures(new ReferenceDigests());

const SECRET = 'hosted-secret-for-tests-0123456789';
const clock = new FakeClock('2026-06-01T10:00:00.000Z');
const checkoutUrl = (session: string) => `http://localhost:3000/checkout/${session}`;
const amount = Money.parse('1500.25', 'KES')._unsafeUnwrap();

function pendingTopUp(sessionId: string): TopUp {
  return TopUp.open({ id: 'top_01HOSTED', accountId: 'acc_1', amount, provider: 'hosted', providerSessionId: sessionId, checkoutUrl: checkoutUrl(sessionId), customerEmail: 'a@b.co' }, clock.now());
}

describe('HostedCheckoutProvider', () => {
  const provider = new HostedCheckoutProvider({ secret: SECRET, signatures, clock, checkoutUrl });

  it('opens sessions with unguessable ids and a checkout page of the app', async () => {
    const input = { topUp: { id: 'top_1', accountId: 'acc_1', amount, customerEmail: null }, successUrl: 's', cancelUrl: 'c' };
    const first = (await provider.createCheckout(input))._unsafeUnwrap();
    const second = (await provider.createCheckout(input))._unsafeUnwrap();
    expect(first.sessionId).to.match(/^hcs_[A-Za-z0-9_-]{32}$/);
    expect(first.sessionId).to.not.equal(second.sessionId);
    expect(first.checkoutUrl).to.equal(checkoutUrl(first.sessionId));
    expect(provider.amountProblem(Money.parse('0.000001', 'KES')._unsafeUnwrap())).to.equal(undefined);
  });

  it('reads back the events it signs: confirm is a completion with the amount, cancel an expiry', () => {
    const topUp = pendingTopUp('hcs_one');
    const confirmed = provider.signedEvent('checkout.completed', topUp);
    expect(confirmed.headers['Tuma-Signature']).to.equal(signatures.header(SECRET, confirmed.body, clock.now()));
    const completed = provider.parseWebhook(confirmed.body, { 'tuma-signature': confirmed.headers['Tuma-Signature'] })._unsafeUnwrap();
    expect(completed).to.deep.include({ kind: 'completed', eventId: 'hcs_one.checkout.completed', sessionId: 'hcs_one' });
    expect(completed.kind === 'completed' && completed.amount.equals(amount)).to.equal(true);
    const cancelled = provider.signedEvent('checkout.cancelled', topUp);
    expect(provider.parseWebhook(cancelled.body, { 'tuma-signature': cancelled.headers['Tuma-Signature'] })._unsafeUnwrap()).to.deep.equal({
      kind: 'expired',
      eventId: 'hcs_one.checkout.cancelled',
      sessionId: 'hcs_one',
    });
  });

  it('refuses events signed with another secret, a changed body, and unreadable signed bodies', () => {
    const { body } = provider.signedEvent('checkout.completed', pendingTopUp('hcs_two'));
    const other = new HostedCheckoutProvider({ secret: 'another-secret-0123456789abcdef', signatures, clock, checkoutUrl });
    const forged = other.signedEvent('checkout.completed', pendingTopUp('hcs_two'));
    expect(provider.parseWebhook(forged.body, { 'tuma-signature': forged.headers['Tuma-Signature'] })._unsafeUnwrapErr().reason).to.equal('signature');
    const tampered = body.replace('1500.250000', '9999.000000');
    expect(provider.parseWebhook(tampered, { 'tuma-signature': signatures.header(SECRET, body, clock.now()) })._unsafeUnwrapErr().reason).to.equal('signature');
    for (const unreadable of ['nope', '{"id":"x"}', JSON.stringify({ id: 'x', type: 'checkout.completed', data: { session_id: 's', amount: 'lots', currency: 'KES' } })]) {
      const result = provider.parseWebhook(unreadable, { 'tuma-signature': signatures.header(SECRET, unreadable, clock.now()) });
      expect(result._unsafeUnwrapErr().reason, unreadable).to.equal('payload');
    }
  });
});

describe('HostedCheckoutDesk', () => {
  const provider = new HostedCheckoutProvider({ secret: SECRET, signatures, clock, checkoutUrl });
  const returnUrls = (id: string) => ({ successUrl: `http://localhost:3000/checkout/top-ups/${id}`, cancelUrl: `http://localhost:3000/checkout/top-ups/${id}?cancelled=1` });

  async function deskWith(answer: { status: number; body: string }, topUp?: TopUp) {
    const topUps = new InMemoryTopUpRepository();
    if (topUp) await topUps.save(topUp);
    const sent: { url: string; init: RequestInit }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(answer.body, { status: answer.status });
    }) as typeof globalThis.fetch;
    return { desk: new HostedCheckoutDesk({ getCheckout: new GetCheckout(topUps), provider, returnUrls, fetch }), sent };
  }

  it('confirms by posting the signed completion to the webhook path of this server, then sends the payer to the success page', async () => {
    const topUp = pendingTopUp('hcs_desk');
    const { desk, sent } = await deskWith({ status: 200, body: '{"received":true}' }, topUp);
    const outcome = await desk.confirm('hcs_desk', 'http://127.0.0.1:4321');
    expect(outcome).to.deep.include({ kind: 'redirect', location: returnUrls(topUp.id).successUrl });
    expect(sent).to.have.length(1);
    expect(sent[0]!.url).to.equal(`http://127.0.0.1:4321${HOSTED_WEBHOOK_PATH}`);
    expect(sent[0]!.init.method).to.equal('POST');
    const headers = sent[0]!.init.headers as Record<string, string>;
    const event = provider.parseWebhook(String(sent[0]!.init.body), { 'tuma-signature': headers['Tuma-Signature'] })._unsafeUnwrap();
    expect(event).to.deep.include({ kind: 'completed', sessionId: 'hcs_desk' });
  });

  it('cancels through an expiry notice and sends the payer to the cancel page', async () => {
    const topUp = pendingTopUp('hcs_cancel');
    const { desk, sent } = await deskWith({ status: 200, body: '{}' }, topUp);
    expect(await desk.cancel('hcs_cancel', 'http://127.0.0.1:1')).to.deep.include({ kind: 'redirect', location: returnUrls(topUp.id).cancelUrl });
    expect(JSON.parse(String(sent[0]!.init.body)).type).to.equal('checkout.cancelled');
  });

  it('sends nothing for an unknown or settled checkout, and reports a refused notice', async () => {
    const missing = await deskWith({ status: 200, body: '{}' });
    expect(await missing.desk.confirm('hcs_nope', 'http://127.0.0.1:1')).to.deep.equal({ kind: 'not_found' });
    const settled = pendingTopUp('hcs_settled');
    settled.expire(clock.now());
    const done = await deskWith({ status: 200, body: '{}' }, settled);
    expect((await done.desk.confirm('hcs_settled', 'http://127.0.0.1:1')).kind).to.equal('not_pending');
    expect([...missing.sent, ...done.sent]).to.have.length(0);
    const refused = await deskWith({ status: 400, body: '{"error":{"code":"invalid_webhook"}}' }, pendingTopUp('hcs_refused'));
    const outcome = await refused.desk.confirm('hcs_refused', 'http://127.0.0.1:1');
    expect(outcome.kind).to.equal('delivery_failed');
    expect(outcome.kind === 'delivery_failed' && outcome.message).to.contain('HTTP 400');
  });

  it('reports a notice that could not be sent at all', async () => {
    const topUps = new InMemoryTopUpRepository();
    await topUps.save(pendingTopUp('hcs_offline'));
    const desk = new HostedCheckoutDesk({ getCheckout: new GetCheckout(topUps), provider, returnUrls, timeoutMs: 2000 });
    const outcome = await desk.confirm('hcs_offline', 'http://127.0.0.1:1');
    expect(outcome.kind).to.equal('delivery_failed');
    expect(outcome.kind === 'delivery_failed' && outcome.message).to.match(/^The payment notice could not be delivered/);
  });
});
