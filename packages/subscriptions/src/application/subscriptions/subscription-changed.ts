import type { LedgerEntry } from '@tuma/billing';
import type { TierChange } from '../../domain/subscriptions/subscription.aggregate.ts';
import type { SubscriptionView } from './subscription-view.ts';

/** What a subscribe or a change of tier answers: the subscription after it, and the wallet charge it made (if any). */
export interface SubscriptionChanged {
  readonly subscription: SubscriptionView;
  readonly change: TierChange | { readonly kind: 'subscribe' };
  readonly charge: LedgerEntry | null;
}
