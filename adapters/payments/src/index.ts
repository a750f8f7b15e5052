export {
  fromStripeMinorUnits,
  STRIPE_MAX_MINOR_UNITS,
  stripeAmountProblem,
  stripeChargeableDecimals,
  stripeExponent,
  toStripeMinorUnits,
} from './stripe/stripe-amounts.ts';
export { parseStripeEvent } from './stripe/stripe-event.ts';
export { STRIPE_API_BASE, STRIPE_SIGNATURE_HEADER, StripeCheckoutProvider, type StripeCheckoutOptions } from './stripe/stripe-checkout-provider.ts';
export {
  HOSTED_SESSION_PREFIX,
  HOSTED_SIGNATURE_HEADER,
  HostedCheckoutProvider,
  type HostedCheckoutOptions,
  type HostedEventType,
  type SignedWebhook,
} from './hosted/hosted-checkout-provider.ts';
export { HOSTED_WEBHOOK_PATH, HostedCheckoutDesk, type HostedCheckoutDeskOptions, type HostedCheckoutOutcome } from './hosted/hosted-checkout-desk.ts';
