import type { DomainError } from '@tuma/kernel';
import type { Product } from '../plans/products.ts';

/** The subscription ended (canceled, or its renewal went unpaid): subscribe again instead (409). */
export interface SubscriptionEndedError extends DomainError {
  readonly type: 'subscription_ended';
  readonly subscriptionId: string;
}

/** The account has an active subscription of the product: change its tier instead (409). */
export interface AlreadySubscribedError extends DomainError {
  readonly type: 'already_subscribed';
  readonly product: Product;
}

export const subscriptionEnded = (subscriptionId: string): SubscriptionEndedError => ({
  type: 'subscription_ended',
  subscriptionId,
  message: `Subscription ${subscriptionId} has ended: subscribe again`,
});

export const alreadySubscribed = (product: Product): AlreadySubscribedError => ({
  type: 'already_subscribed',
  product,
  message: `The account already has a ${product} subscription: change its tier instead`,
});
