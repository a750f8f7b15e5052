import { escapeHtml as e } from '../../http/html.ts';
import type { subscriptionView } from '../../apis/subscriptions/subscription-views.ts';
import { type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage, csrfField } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

type SubscriptionRow = ReturnType<typeof subscriptionView>;
type PlanRow = { readonly product: string; readonly tier: string; readonly price_usd: number } & Readonly<Record<string, unknown>>;

const PRODUCT_LABEL: Readonly<Record<string, string>> = { mail: 'Mail', links: 'Links' };
const TIER_ORDER = ['free', 'starter', 'business', 'professional', 'enterprise'];

const limitText = (value: unknown): string => (value === -1 ? 'unlimited' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : typeof value === 'number' ? value.toLocaleString('en') : String(value));
const limitsOf = (plan: PlanRow): string =>
  Object.entries(plan)
    .filter(([key]) => key !== 'product' && key !== 'tier' && key !== 'price_usd')
    .map(([key, value]) => `${e(key.replaceAll('_', ' '))}: ${e(limitText(value))}`)
    .join('<br>');

/** One product: its subscription (tier, status, period, a change waiting), each tier's price and limits with the action to move to it. */
function productCard(view: ViewContext, subscription: SubscriptionRow, plans: readonly PlanRow[], canChange: boolean, errors: FormErrors | undefined): string {
  const product = subscription.product;
  const label = PRODUCT_LABEL[product] ?? product;
  const paid = subscription.id !== null;
  const action = (plan: PlanRow): string => {
    if (!canChange) return '';
    const fields = `${csrfField(view)}<input type="hidden" name="product" value="${e(product)}"><input type="hidden" name="tier" value="${e(plan.tier)}">`;
    const name = `${label} ${plan.tier}`;
    if (plan.tier === subscription.tier) {
      return subscription.pending_tier || subscription.cancel_at_period_end
        ? `<form class="inline" method="post" action="${href(view, `/plans/${encodeURIComponent(subscription.id ?? '')}/tier`)}">${fields}<button type="submit" aria-label="Keep ${e(name)}">Keep</button></form>`
        : badge('current', 'ok');
    }
    if (plan.tier === 'free') {
      return paid && !subscription.cancel_at_period_end
        ? `<form class="inline" method="post" action="${href(view, `/plans/${encodeURIComponent(subscription.id!)}/cancel`)}">${csrfField(view)}<input type="hidden" name="product" value="${e(product)}"><button type="submit" class="danger" aria-label="Cancel ${e(label)} subscription">Cancel subscription</button></form>`
        : '';
    }
    if (!paid) return `<form class="inline" method="post" action="${href(view, '/plans/subscribe')}">${fields}<button type="submit" aria-label="Subscribe to ${e(name)}">Subscribe</button></form>`;
    const up = TIER_ORDER.indexOf(plan.tier) > TIER_ORDER.indexOf(subscription.tier);
    return `<form class="inline" method="post" action="${href(view, `/plans/${encodeURIComponent(subscription.id!)}/tier`)}">${fields}<button type="submit" aria-label="${up ? 'Upgrade' : 'Downgrade'} to ${e(name)}">${up ? 'Upgrade' : 'Downgrade'}</button></form>`;
  };
  const tiers = table(
    `${label} tiers (USD a calendar month)`,
    [
      { header: 'Tier', cell: (plan) => e(plan.tier) },
      { header: 'Price', cell: (plan) => `$${plan.price_usd.toFixed(2)}` },
      { header: 'Limits', cell: limitsOf },
      ...(canChange ? [{ header: 'Action', cell: action }] : []),
    ],
    plans,
    'No tiers.',
  );
  const waiting = subscription.cancel_at_period_end
    ? ` · cancelled: free from ${time(subscription.current_period_end)}`
    : subscription.pending_tier
      ? ` · moves to ${e(subscription.pending_tier)} on ${time(subscription.current_period_end)}`
      : paid
        ? ` · renews ${time(subscription.current_period_end)}`
        : '';
  const alert = errors?.form || Object.values(errors?.fields ?? {}).length ? `<p class="alert" role="alert">${e([errors?.form, ...Object.values(errors?.fields ?? {})].filter(Boolean).join(' '))}</p>` : '';
  return `<section class="card" aria-labelledby="plan-${e(product)}" data-product="${e(product)}"><h2 id="plan-${e(product)}">${e(label)}</h2>
${alert}<p>Tier <strong data-tier>${e(subscription.tier)}</strong> ${badge(subscription.status, subscription.status === 'active' ? 'ok' : 'bad')}${waiting}</p>
${subscription.last_ended ? `<p class="muted">Last paid subscription: ${e(subscription.last_ended.tier)}, ended ${time(subscription.last_ended.ended_at)} (${e(subscription.last_ended.end_reason)}).</p>` : ''}
${tiers}
</section>`;
}

/** Account › Plans and subscriptions: a card per product. */
export function plansView(view: ViewContext, page: { subscriptions: readonly SubscriptionRow[]; plans: readonly PlanRow[]; canChange: boolean; refused?: { product: string; errors: FormErrors } }): string {
  const cards = page.subscriptions
    .map((subscription) => productCard(view, subscription, page.plans.filter((plan) => plan.product === subscription.product), page.canChange, page.refused?.product === subscription.product ? page.refused.errors : undefined))
    .join('\n');
  const intro = `<p class="muted">Paid tiers are charged to the wallet: the days left in this month at once, every later month at its start (in the wallet's currency at the day's rate). Upgrades apply at once; downgrades and cancels at the period's end.${page.canChange ? '' : ' Owners and admins change plans.'}</p>`;
  return consolePage(view, 'Plans and subscriptions', 'plans', `${intro}\n${cards}`);
}
