import { BILLING_TOKENS } from '@tuma/billing';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { planPages, planRoutes, subscriptionRoutes } from '@tuma/koa-adapter';
import { MikroOrmSubscriptionRepository } from '@tuma/mikro-orm-adapter';
import { createSubscriptions, SUBSCRIPTIONS_TOKENS, subscriptionJobRoutes, type SubscriptionsService } from '@tuma/subscriptions';
import { ContainerModule, type Container } from 'inversify';
import { bindClass, bindFactory } from '../../bind-class.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const T = SUBSCRIPTIONS_TOKENS;
const K = KERNEL_TOKENS;
const B = BILLING_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, T.repository, MikroOrmSubscriptionRepository, [S.database]);
  bindFactory(bind, T.subscriptions, createSubscriptions, {
    unitOfWork: K.unitOfWork,
    clock: K.clock,
    jobs: K.jobScheduler,
    subscriptions: T.repository,
    walletLedger: B.walletLedger,
    walletOwners: B.walletOwners,
    fxRates: B.fxRates,
  });
});

const subscriptionsOf = (container: Container): SubscriptionsService => resolve(container, T.subscriptions);

function registerJobs(container: Container): void {
  const db = resolve(container, S.database);
  const workers = resolve(container, S.jobs);
  for (const route of subscriptionJobRoutes(subscriptionsOf(container))) route.register(workers, (attempt) => db.withContext(attempt));
}

/**
 * Plans and subscriptions of the mail and links products (docs/subscriptions.md): the public plan
 * list and the signed-in account's subscriptions on the account service, and the hourly renewal sweep.
 */
export const subscriptionsServerModule: ServerModule = {
  name: 'subscriptions',
  api: 'auth',
  bindings,
  routes: (container) => [...planRoutes(subscriptionsOf(container).listPlans), ...subscriptionRoutes(subscriptionsOf(container))],
  consolePages: (container) => planPages(subscriptionsOf(container)),
  jobs: registerJobs,
  onJobsStarted: (container) => subscriptionsOf(container).renewDueSubscriptions.scheduleNext(),
};
