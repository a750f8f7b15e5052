import { errAsync, okAsync, type ResultAsync } from '@tuma/kernel';
import type { InvalidWebhookError } from '../domain/top-up-errors.ts';
import type { WalletError } from '../domain/wallet-errors.ts';
import type { CloseTopUp } from './close-top-up.use-case.ts';
import type { CompleteTopUp } from './complete-top-up.use-case.ts';
import type { PaymentEvent, PaymentProvider, WebhookHeaders } from './payment-provider.port.ts';

export interface WebhookReceipt {
  readonly eventId: string;
  /** What the event did: see CompleteTopUpResult and CloseTopUpResult, or `ignored`. */
  readonly outcome: string;
  readonly topUpId: string | null;
}

export type ReceivePaymentWebhookError = InvalidWebhookError | WalletError;

/**
 * The one entry for provider notifications (the hosted checkout's confirm goes through it too):
 * verifies the webhook with the provider, then completes or closes the top-up it names.
 * Authentic events that need nothing, and sessions that are not ours, are acknowledged.
 */
export class ReceivePaymentWebhook {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly completeTopUp: CompleteTopUp,
    private readonly closeTopUp: CloseTopUp,
  ) {}

  execute(rawBody: string, headers: WebhookHeaders): ResultAsync<WebhookReceipt, ReceivePaymentWebhookError> {
    const event = this.provider.parseWebhook(rawBody, headers);
    if (event.isErr()) return errAsync(event.error);
    return this.apply(event.value);
  }

  private apply(event: PaymentEvent): ResultAsync<WebhookReceipt, ReceivePaymentWebhookError> {
    const provider = this.provider.name;
    const receipt = (result: { outcome: string; topUp?: { id: string } }): WebhookReceipt => ({
      eventId: event.eventId,
      outcome: result.outcome,
      topUpId: result.topUp?.id ?? null,
    });
    switch (event.kind) {
      case 'completed':
        return this.completeTopUp.execute({ provider, sessionId: event.sessionId, amount: event.amount }).map(receipt);
      case 'expired':
        return this.closeTopUp.execute({ provider, sessionId: event.sessionId, as: 'expired' }).map(receipt);
      case 'failed':
        return this.closeTopUp.execute({ provider, sessionId: event.sessionId, as: 'failed', reason: event.reason }).map(receipt);
      case 'ignored':
        return okAsync({ eventId: event.eventId, outcome: 'ignored', topUpId: null });
    }
  }
}
