import type { FxRates, WalletLedger, WalletOwners } from '@tuma/billing';
import { jobRoute, type Clock, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { CurrentLimits } from './application/plans/current-limits.use-case.ts';
import { ListPlans } from './application/plans/list-plans.use-case.ts';
import { CancelSubscription } from './application/subscriptions/cancel-subscription.use-case.ts';
import { ChangeTier } from './application/subscriptions/change-tier.use-case.ts';
import { ListSubscriptions } from './application/subscriptions/list-subscriptions.use-case.ts';
import { RENEW_SUBSCRIPTIONS_JOB, RenewDueSubscriptions } from './application/subscriptions/renew-due-subscriptions.ts';
import { Subscribe } from './application/subscriptions/subscribe.use-case.ts';
import { SubscriptionBilling } from './application/subscriptions/subscription-billing.ts';
import { SubscriptionRenewal } from './application/subscriptions/subscription-renewal.ts';
import type { SubscriptionRepository } from './application/subscriptions/subscription.repository.port.ts';

export interface SubscriptionsPorts {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly jobs: JobScheduler;
  readonly subscriptions: SubscriptionRepository;
  /** Billing's wallet: subscriptions are `fee` entries. */
  readonly walletLedger: Pick<WalletLedger, 'charge'>;
  readonly walletOwners: WalletOwners;
  readonly fxRates: FxRates;
}

/** Plans and subscriptions of the mail and links products (docs/subscriptions.md): every use case, built from its ports. */
export function createSubscriptions(ports: SubscriptionsPorts) {
  const { unitOfWork: uow, clock, subscriptions } = ports;
  const billing = new SubscriptionBilling(ports.walletOwners, ports.fxRates, ports.walletLedger);
  const renewal = new SubscriptionRenewal(subscriptions, billing);
  const changeTier = new ChangeTier(subscriptions, renewal, billing, uow, clock);
  return {
    listPlans: new ListPlans(),
    currentLimits: new CurrentLimits(subscriptions, clock),
    listSubscriptions: new ListSubscriptions(subscriptions, clock),
    subscribe: new Subscribe(subscriptions, billing, uow, clock),
    changeTier,
    cancelSubscription: new CancelSubscription(changeTier),
    renewDueSubscriptions: new RenewDueSubscriptions(subscriptions, renewal, ports.jobs, uow, clock),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptions>;

/** The jobs the subscriptions' workers run. */
export function subscriptionJobRoutes(service: SubscriptionsService): readonly JobRoute[] {
  return [jobRoute(RENEW_SUBSCRIPTIONS_JOB, () => service.renewDueSubscriptions.run())];
}
