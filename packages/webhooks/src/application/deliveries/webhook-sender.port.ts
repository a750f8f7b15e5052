import type { WebhookAttemptOutcome } from '../../domain/deliveries/webhook-delivery.aggregate.ts';

export interface WebhookPost {
  readonly url: string;
  /** Sent exactly as given (it is what the signature covers). */
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The profile's deadline for connecting and getting the answer's status. */
  readonly timeoutMs: number;
}

/**
 * POSTs one attempt. Checks the destination again at connection time and connects only to the
 * address it checked; follows no redirect; gives up after the post's `timeoutMs`. Every failure
 * (refused address, timeout, connection error, non-2xx) is an outcome, never a throw.
 */
export interface WebhookSender {
  post(request: WebhookPost): Promise<WebhookAttemptOutcome>;
}
