import { invalidWebhook, type InvalidWebhookError, type PaymentEvent } from '@tuma/billing';
import { err, ok, type Result } from '@tuma/kernel';
import { fromStripeMinorUnits } from './stripe-amounts.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const unreadable = (message: string) => err(invalidWebhook('payload', message));

/**
 * Reads a (verified) Stripe event. Checkout sessions tell us everything: `completed` with
 * `payment_status: paid` pays the top-up; `completed` while still `unpaid` (a delayed payment
 * method) waits for `async_payment_succeeded` or `async_payment_failed`; `expired` closes it.
 * Every other event type is acknowledged and ignored.
 */
export function parseStripeEvent(rawBody: string): Result<PaymentEvent, InvalidWebhookError> {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    return unreadable('The webhook body is not JSON');
  }
  if (!isObject(event) || typeof event.id !== 'string' || typeof event.type !== 'string') return unreadable('Not a Stripe event');
  const eventId = event.id;
  const type = event.type;
  if (!type.startsWith('checkout.session.')) return ok({ kind: 'ignored', eventId, eventType: type });
  const session = isObject(event.data) ? event.data.object : undefined;
  if (!isObject(session) || typeof session.id !== 'string') return unreadable(`${type} without a checkout session`);
  const sessionId = session.id;
  const paid = () => {
    const amount = fromStripeMinorUnits(session.amount_total, session.currency);
    return amount ? ok<PaymentEvent, InvalidWebhookError>({ kind: 'completed', eventId, sessionId, amount }) : unreadable(`${type} without a readable amount_total and currency`);
  };
  switch (type) {
    case 'checkout.session.completed':
      return session.payment_status === 'paid' ? paid() : ok({ kind: 'ignored', eventId, eventType: `${type} (${String(session.payment_status)})` });
    case 'checkout.session.async_payment_succeeded':
      return paid();
    case 'checkout.session.async_payment_failed':
      return ok({ kind: 'failed', eventId, sessionId, reason: 'async_payment_failed' });
    case 'checkout.session.expired':
      return ok({ kind: 'expired', eventId, sessionId });
    default:
      return ok({ kind: 'ignored', eventId, eventType: type });
  }
}
