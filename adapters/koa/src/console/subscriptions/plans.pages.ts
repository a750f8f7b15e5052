import type { Role } from '@tuma/identity';
import type { SubscriptionsService } from '@tuma/subscriptions';
import { unwrap } from '../../http/unwrap.ts';
import { planView, subscriptionView } from '../../apis/subscriptions/subscription-views.ts';
import { refusal } from '../form-errors.ts';
import { html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import type { FormErrors } from '../layout/form.ts';
import { plansView } from './plan-views.ts';
import { href } from '../layout/view-context.ts';

export type PlanPageUseCases = Pick<SubscriptionsService, 'listPlans' | 'listSubscriptions' | 'subscribe' | 'changeTier' | 'cancelSubscription'>;

/** Paying from the wallet is the owners' and admins' call, as on `/auth/v1/subscriptions`; every member reads. */
const BILLING: readonly Role[] = ['owner', 'admin'];

/**
 * Account › Plans and subscriptions: the account's subscription of each product (mail, links)
 * with its tier and status, every tier's price and limits (`ListPlans`), and subscribe, change of
 * tier and cancel with the subscriptions' use cases, as `/auth/v1/subscriptions` calls them.
 */
export function planPages(useCases: PlanPageUseCases): ConsolePage[] {
  const render = async (request: MemberRequest, status: number, refused?: { product: string; errors: FormErrors }) => {
    const subscriptions = unwrap(await useCases.listSubscriptions.execute(request.member.accountId)).map(subscriptionView);
    const plans = unwrap(await useCases.listPlans.execute()).map((plan) => ({ product: plan.product, ...planView(plan) }));
    return html(status, plansView(request.view, { subscriptions, plans, canChange: BILLING.includes(request.member.role), ...(refused ? { refused } : {}) }));
  };
  const changed = (request: MemberRequest, text: string) => {
    request.session.flash({ kind: 'info', text });
    return redirect(href(request.view, '/plans'));
  };
  return [
    { method: 'get', path: '/plans', visitor: 'member', section: 'plans', handle: (request) => render(request, 200) },
    {
      method: 'post',
      path: '/plans/subscribe',
      visitor: 'member',
      roles: BILLING,
      handle: async (request) => {
        const product = request.form.get('product') ?? '';
        const tier = request.form.get('tier') ?? '';
        const subscribed = await useCases.subscribe.execute({ accountId: request.member.accountId, product, tier });
        if (subscribed.isErr()) return render(request, refusal(subscribed.error).status, { product, errors: refusal(subscribed.error, { product: 'tier' }).errors });
        const charge = subscribed.value.charge;
        return changed(request, `Subscribed to ${product} ${tier}${charge ? `: ${(charge.amount.isNegative() ? charge.amount.negate() : charge.amount).toDecimalString()} ${charge.amount.currency} charged to the wallet` : ''}.`);
      },
    },
    {
      method: 'post',
      path: '/plans/:id/tier',
      visitor: 'member',
      roles: BILLING,
      handle: async (request) => {
        const product = request.form.get('product') ?? '';
        const tier = request.form.get('tier') ?? '';
        const result = await useCases.changeTier.execute({ accountId: request.member.accountId, subscriptionId: request.params.id!, tier });
        if (result.isErr()) {
          if (result.error.type === 'not_found') unwrap(result);
          return render(request, refusal(result.error).status, { product, errors: refusal(result.error).errors });
        }
        const subscription = result.value.subscription;
        return changed(request, subscription.pendingTier ? `${product} moves to ${subscription.pendingTier} at the period's end.` : `${product} is on ${subscription.tier}.`);
      },
    },
    {
      method: 'post',
      path: '/plans/:id/cancel',
      visitor: 'member',
      roles: BILLING,
      handle: async (request) => {
        const product = request.form.get('product') ?? '';
        const result = await useCases.cancelSubscription.execute({ accountId: request.member.accountId, subscriptionId: request.params.id! });
        if (result.isErr()) {
          if (result.error.type === 'not_found') unwrap(result);
          return render(request, refusal(result.error).status, { product, errors: refusal(result.error).errors });
        }
        return changed(request, `${product} is cancelled: the paid tier lasts to the period's end, then free.`);
      },
    },
  ];
}
