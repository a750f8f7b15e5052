import { escapeHtml as e } from '../../http/html.ts';
import type { transactionView } from '../../apis/billing/balance-views.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export interface AccountRow {
  readonly account_id: string;
  readonly email: string;
  readonly status: string;
  readonly currency: string | null;
  readonly balance: number | null;
}

export type LedgerRow = ReturnType<typeof transactionView>;

export interface AdjustmentValues {
  readonly direction: string;
  readonly amount: string;
  readonly reason: string;
  /** The form's idempotency reference: the same form posted twice applies once. */
  readonly reference: string;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`;
const money = (amount: number | null, currency: string | null) => (amount === null || currency === null ? '<span class="muted">no wallet</span>' : `${amount.toFixed(2)} ${e(currency)}`);

/** Operator access: the operator key, entered once, for an hour. */
export function operatorSignInView(view: ViewContext, errors: FormErrors = NO_ERRORS): string {
  const body = field({ name: 'key', label: 'Operator key', type: 'password', autocomplete: 'off', required: true, hint: 'ADMIN_API_KEY of this deployment. Operator access lasts an hour, or until you sign out or the key changes.' }, errors);
  return consolePage(view, 'Operator access', 'home', `<section class="card"><p>Operator pages (accounts, wallets, approvals, FX rates, the outbox) open to this session once it proves the operator key. The key is not kept: only which key it was.</p>
${form(view, href(view, '/operator/sign-in'), body, 'Open operator pages', errors)}</section>`);
}

const leaveOperator = (view: ViewContext) => buttonForm(view, href(view, '/operator/sign-out'), 'Leave operator pages', { danger: false });

/** Operator pages' shell: the page, and the way out of operator access. */
export const operatorPage = (view: ViewContext, title: string, section: Parameters<typeof consolePage>[2], content: string): string =>
  consolePage(view, title, section, `<p class="actions">${badge('operator', 'bad')} ${leaveOperator(view)}</p>\n${content}`);

export function operatorAccountsView(view: ViewContext, page: { accounts: readonly AccountRow[]; total: number; search: string; page: number; pages: number }): string {
  const rows = table(
    `Customer accounts, newest first (${page.total} in all)`,
    [
      { header: 'Account', cell: (a) => `<a href="${href(view, `/operator/accounts/${encodeURIComponent(a.account_id)}`)}">${e(a.email)}</a><br><code>${e(a.account_id)}</code>` },
      { header: 'Status', cell: (a) => badge(a.status, a.status === 'active' ? 'ok' : 'bad') },
      { header: 'Balance', cell: (a) => money(a.balance, a.currency) },
    ],
    page.accounts,
    page.search ? 'No account matches.' : 'No customer accounts yet.',
  );
  const pager = (target: number, label: string) =>
    `<a href="${e(href(view, `/operator/accounts?${new URLSearchParams({ search: page.search, page: String(target) }).toString()}`))}">${label}</a>`;
  const nav = [page.page > 0 ? pager(page.page - 1, '← Newer') : '', page.page + 1 < page.pages ? pager(page.page + 1, 'Older →') : ''].filter(Boolean).join(' · ');
  const search = `<form method="get" action="${href(view, '/operator/accounts')}" role="search" class="actions">
<label for="f-search" class="visually-hidden">Search accounts</label><input type="text" id="f-search" name="search" value="${e(page.search)}" placeholder="Part of the email, or an account id">
<button type="submit" class="secondary">Search</button></form>`;
  return operatorPage(view, 'Accounts', 'operator-accounts', `<section class="card">${search}\n${rows}\n${nav ? `<p>${nav}</p>` : ''}</section>`);
}

export function operatorAccountView(
  view: ViewContext,
  page: { account: { id: string; email: string; status: string; emailVerified: boolean; createdAt: Date }; balance: { balance: number; available: number; currency: string } | undefined; ledger: readonly LedgerRow[]; values: AdjustmentValues; errors?: FormErrors },
): string {
  const { account } = page;
  const errors = page.errors ?? NO_ERRORS;
  const suspended = account.status === 'suspended';
  const status = `<section class="card" aria-labelledby="status-title"><h2 id="status-title">Status</h2>
<p><span id="account-status">${badge(account.status, suspended ? 'bad' : 'ok')}</span> · email ${account.emailVerified ? 'verified' : 'not verified'} · opened ${time(account.createdAt)}</p>
<p class="muted">${suspended ? 'Its keys are refused (403 account_suspended) until it is reactivated.' : 'Suspending refuses every key of the account at once (403 account_suspended).'}</p>
${buttonForm(view, href(view, `/operator/accounts/${encodeURIComponent(account.id)}/${suspended ? 'unsuspend' : 'suspend'}`), suspended ? 'Reactivate account' : 'Suspend account', { danger: !suspended })}
<p><a href="${href(view, `/operator/accounts/${encodeURIComponent(account.id)}/access`)}">Rate limit and API keys</a></p>
</section>`;
  const wallet = `<section class="card" aria-labelledby="wallet-title"><h2 id="wallet-title">Wallet</h2>
<p class="stat" id="wallet-balance">${page.balance ? money(page.balance.balance, page.balance.currency) : money(null, null)}</p>
${page.balance ? `<p class="muted">Available ${money(page.balance.available, page.balance.currency)}</p>` : '<p class="muted">The first credit opens it.</p>'}
<h3>Credit or debit</h3>
${form(
  view,
  href(view, `/operator/accounts/${encodeURIComponent(account.id)}/adjust`),
  [
    hidden('reference', page.values.reference),
    `<fieldset><legend>Direction</legend>${['credit', 'debit'].map((d) => `<label><input type="radio" name="direction" value="${d}"${page.values.direction === d ? ' checked' : ''}> ${d === 'credit' ? 'Credit (add)' : 'Debit (take, never below zero)'}</label>`).join('\n')}</fieldset>`,
    field({ name: 'amount', label: `Amount${page.balance ? ` (${page.balance.currency})` : ''}`, value: page.values.amount, required: true, extra: 'inputmode="decimal"' }, errors),
    field({ name: 'reason', label: 'Reason', value: page.values.reason, required: true, hint: 'Shown in the customer’s ledger.' }, errors),
  ].join('\n'),
  'Apply adjustment',
  errors,
)}
</section>`;
  const ledger = table(
    'Ledger, newest first',
    [
      { header: 'When', cell: (t) => time(t.created_at) },
      { header: 'Kind', cell: (t) => badge(t.kind, t.amount >= 0 ? 'ok' : 'plain') },
      { header: 'Amount', cell: (t) => `${t.amount.toFixed(2)} ${e(t.currency)}` },
      { header: 'Balance after', cell: (t) => `${t.balance_after.toFixed(2)} ${e(t.currency)}` },
      { header: 'Reason', cell: (t) => e(t.reason) },
    ],
    page.ledger,
    'No ledger entries yet.',
  );
  return operatorPage(view, account.email, 'operator-accounts', `<p><a href="${href(view, '/operator/accounts')}">← All accounts</a> · <code>${e(account.id)}</code></p>
<div class="cards">${status}${wallet}</div>
<section class="card" id="ledger">${ledger}</section>`);
}
