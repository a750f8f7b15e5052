import { escapeHtml as e } from '../../http/html.ts';
import type { balanceView, transactionView } from '../../apis/billing/balance-views.ts';
import { field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type LedgerRow = ReturnType<typeof transactionView>;

export interface BillingPage {
  readonly balance: ReturnType<typeof balanceView>;
  readonly entries: readonly LedgerRow[];
  readonly page: number;
  readonly pages: number;
  readonly canTopUp: boolean;
  readonly amount?: string;
  readonly errors?: FormErrors;
}

const amount = (value: number, currency: string) => `${value.toFixed(2)} ${e(currency)}`;

function pager(view: ViewContext, page: number, pages: number): string {
  if (pages <= 1) return '';
  const link = (to: number, label: string) => `<a href="${href(view, `/billing?page=${to}`)}">${label}</a>`;
  return `<nav aria-label="Ledger pages"><p>${page > 0 ? link(page - 1, 'Newer') : ''} Page ${page + 1} of ${pages} ${page + 1 < pages ? link(page + 1, 'Older') : ''}</p></nav>`;
}

export function billingView(view: ViewContext, billing: BillingPage): string {
  const { balance } = billing;
  const topUp = billing.canTopUp
    ? form(
        view,
        href(view, '/billing/top-up'),
        field({ name: 'amount', label: `Amount (${balance.currency})`, type: 'text', value: billing.amount, required: true, hint: 'You pay it through the payment provider; the wallet is credited once the payment is confirmed.', extra: 'inputmode="decimal"' }, billing.errors ?? NO_ERRORS),
        'Top up',
        billing.errors ?? NO_ERRORS,
      )
    : '<p class="muted">Owners, admins and developers top up the wallet.</p>';
  const ledger = table(
    'Ledger entries, newest first, with the balance after each',
    [
      { header: 'Date', cell: (entry) => time(entry.created_at) },
      { header: 'Kind', cell: (entry) => e(entry.kind) },
      { header: 'Reason', cell: (entry) => e(entry.reason) },
      { header: 'Amount', cell: (entry) => amount(entry.amount, entry.currency) },
      { header: 'Balance', cell: (entry) => `<span data-balance-after="${entry.balance_after}">${amount(entry.balance_after, entry.currency)}</span>` },
    ],
    billing.entries,
    'No entries yet: a top-up is the first.',
  );
  const content = `<div class="cards">
<section class="card"><h2>Balance</h2><p class="stat" id="balance" data-amount="${balance.balance}">${amount(balance.balance, balance.currency)}</p><p class="muted">Available ${amount(balance.available, balance.currency)}</p></section>
<section class="card" aria-labelledby="topup-title"><h2 id="topup-title">Top up</h2>${topUp}</section>
</div>
<section class="card" aria-labelledby="ledger-title"><h2 id="ledger-title">Ledger</h2>
<p><a class="button secondary" href="${href(view, '/billing/ledger.csv')}" download>Export CSV</a></p>
${ledger}
${pager(view, billing.page, billing.pages)}
</section>`;
  return consolePage(view, 'Billing', 'billing', content);
}

/**
 * On the way to the payment provider's checkout (another origin, e.g. Stripe): a page that moves
 * on by itself, with the link for browsers that do not. A form's redirect to another origin would
 * break the console's `form-action 'self'`.
 */
export function toCheckoutView(view: ViewContext, checkoutUrl: string): string {
  const content = `<p>Taking you to the payment page…</p>
<p><a class="button" id="checkout-link" href="${e(checkoutUrl)}">Continue to payment</a></p>`;
  return consolePage(view, 'Top up', 'billing', content, { refreshTo: checkoutUrl });
}
