import type { WebhookAttemptOutcome } from '../../domain/webhooks/webhook-delivery.aggregate.ts';

export interface WebhookPost {
  readonly url: string;
  /** Sent exactly as given (it is what the signature covers). */
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * POSTs one attempt. Checks the destination again at connection time and connects only to the
 * address it checked; follows no redirect; gives up after `WEBHOOK_TIMEOUT_MS`. Every failure
 * (refused address, timeout, connection error, non-2xx) is an outcome, never a throw.
 */
export interface WebhookSender {
  post(request: WebhookPost): Promise<WebhookAttemptOutcome>;
}
