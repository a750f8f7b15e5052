import { token } from '@tuma/kernel';
import type { SubscriptionRepository } from './application/subscriptions/subscription.repository.port.ts';
import type { SubscriptionsService } from './create-subscriptions.ts';

export const SUBSCRIPTIONS_TOKENS = {
  /** Every plan and subscription use case (`createSubscriptions`). */
  subscriptions: token<SubscriptionsService>('subscriptions.Subscriptions'),
  repository: token<SubscriptionRepository>('subscriptions.SubscriptionRepository'),
};
