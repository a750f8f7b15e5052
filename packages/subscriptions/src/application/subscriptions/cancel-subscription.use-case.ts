import type { ResultAsync } from '@tuma/kernel';
import type { ChangeTier, ChangeTierError } from './change-tier.use-case.ts';
import type { SubscriptionChanged } from './subscription-changed.ts';

/** `POST /subscriptions/{id}/cancel`: free from the period's end (a change of tier to free; the tier it has may be taken again until then). */
export class CancelSubscription {
  constructor(private readonly changeTier: ChangeTier) {}

  execute(input: { readonly accountId: string; readonly subscriptionId: string }): ResultAsync<SubscriptionChanged, ChangeTierError> {
    return this.changeTier.execute({ ...input, tier: 'free' });
  }
}
