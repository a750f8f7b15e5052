import type { GetCheckout, TopUp, TopUpReturnUrls } from '@tuma/billing';
import type { HostedCheckoutProvider, HostedEventType } from './hosted-checkout-provider.ts';

/** The path every provider's webhooks arrive on; the hosted checkout posts to it like Stripe does. */
export const HOSTED_WEBHOOK_PATH = '/api/payments/webhooks/hosted';

/**
 * `redirect`: the webhook was accepted; send the payer to `location`. `not_pending`: the top-up
 * was settled before (shown as it is). `not_found`: no hosted checkout with this session.
 * `delivery_failed`: the webhook was not accepted (the payer can try again).
 */
export type HostedCheckoutOutcome =
  | { readonly kind: 'redirect'; readonly location: string; readonly topUp: TopUp }
  | { readonly kind: 'not_pending'; readonly topUp: TopUp }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'delivery_failed'; readonly topUp: TopUp; readonly message: string };

export interface HostedCheckoutDeskOptions {
  readonly getCheckout: GetCheckout;
  readonly provider: HostedCheckoutProvider;
  /** The same return pages a real provider is given. */
  readonly returnUrls: (topUpId: string) => TopUpReturnUrls;
  readonly timeoutMs?: number;
  readonly fetch?: typeof globalThis.fetch;
}

/**
 * What happens behind the hosted checkout's Confirm and Cancel buttons: the checkout, playing the
 * payment service, POSTs a signed webhook to the app's own webhook endpoint over HTTP (at the
 * address the payer's request came in on, so it reaches this very process) and then sends the
 * payer to the return page. Crediting therefore runs exactly the code a Stripe webhook runs.
 */
export class HostedCheckoutDesk {
  private readonly fetch: typeof globalThis.fetch;

  constructor(private readonly options: HostedCheckoutDeskOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The payer confirms the payment. `selfBaseUrl`: this server's own origin, e.g. http://127.0.0.1:3000. */
  confirm(sessionId: string, selfBaseUrl: string): Promise<HostedCheckoutOutcome> {
    return this.settle(sessionId, selfBaseUrl, 'checkout.completed');
  }

  /** The payer gives up: the top-up expires, nothing is credited. */
  cancel(sessionId: string, selfBaseUrl: string): Promise<HostedCheckoutOutcome> {
    return this.settle(sessionId, selfBaseUrl, 'checkout.cancelled');
  }

  private async settle(sessionId: string, selfBaseUrl: string, type: HostedEventType): Promise<HostedCheckoutOutcome> {
    const found = await this.options.getCheckout.execute('hosted', sessionId);
    if (found.isErr()) return { kind: 'not_found' };
    const topUp = found.value;
    if (topUp.status !== 'pending') return { kind: 'not_pending', topUp };
    const delivered = await this.deliver(type, topUp, selfBaseUrl);
    if (delivered !== undefined) return { kind: 'delivery_failed', topUp, message: delivered };
    const urls = this.options.returnUrls(topUp.id);
    return { kind: 'redirect', location: type === 'checkout.completed' ? urls.successUrl : urls.cancelUrl, topUp };
  }

  /** Posts the signed event to the webhook; undefined when it was accepted, else why not. */
  private async deliver(type: HostedEventType, topUp: TopUp, selfBaseUrl: string): Promise<string | undefined> {
    const webhook = this.options.provider.signedEvent(type, topUp);
    try {
      const response = await this.fetch(`${selfBaseUrl}${HOSTED_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: webhook.headers,
        body: webhook.body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
      const answer = await response.text();
      return response.ok ? undefined : `The payment notice was refused (HTTP ${response.status}): ${answer.slice(0, 300)}`;
    } catch (error) {
      return `The payment notice could not be delivered: ${(error as Error).message}`;
    }
  }
}
