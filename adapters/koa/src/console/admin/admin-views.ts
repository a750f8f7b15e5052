import type { UserView } from '@tuma/identity';
import { escapeHtml as e } from '../../http/html.ts';
import type { statsView } from '../../apis/admin/balances.routes.ts';
import type { rateLimitView } from '../../apis/admin/rate-limits.routes.ts';
import type { keyView } from '../../apis/sms/api-key-views.ts';
import { buttonForm, choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage, csrfField } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export interface AccessValues {
  readonly per_second: string;
  readonly burst: string;
}

/** Operator › Users: search by email or name, each user's status, disable (every session ends) or enable. */
export function operatorUsersView(view: ViewContext, page: { users: readonly UserView[]; search: string }): string {
  const action = (user: UserView) => {
    const disabled = user.status === 'disabled';
    return `<form class="inline" method="post" action="${href(view, `/operator/users/${encodeURIComponent(user.id)}/${disabled ? 'enable' : 'disable'}`)}">${csrfField(view)}<input type="hidden" name="search" value="${e(page.search)}"><button type="submit"${
      disabled ? '' : ' class="danger"'
    } aria-label="${disabled ? 'Enable' : 'Disable'} ${e(user.email)}">${disabled ? 'Enable' : 'Disable'}</button></form>`;
  };
  const users = table(
    'Users, newest first',
    [
      { header: 'Email', cell: (user) => e(user.email) },
      { header: 'Name', cell: (user) => (user.name ? e(user.name) : '<span class="muted">none</span>') },
      { header: 'Status', cell: (user) => `<span data-user-status="${e(user.email)}">${badge(user.status, user.status === 'active' ? 'ok' : 'bad')}</span>` },
      { header: 'Since', cell: (user) => time(user.createdAt) },
      { header: 'Action', cell: action },
    ],
    page.users,
    'No user matches.',
  );
  const search = `<form method="get" action="${href(view, '/operator/users')}" role="search">
<label for="f-search">Email or name contains</label>
<input id="f-search" name="search" value="${e(page.search)}">
<button type="submit">Search</button>
</form>`;
  return consolePage(
    view,
    'Users',
    'operator-users',
    `<section class="card">${search}</section>
<section class="card"><p class="muted">Disabling a user ends every session of theirs at once; no sign-in, reset or invitation brings them back until they are enabled. Their accounts and keys are untouched (suspend an account for that).</p>
${users}</section>`,
  );
}

/** An account's request rate limit (its own or the default) and its SMS API keys: issue one (shown once), revoke. */
export function operatorAccessView(
  view: ViewContext,
  page: {
    account: { id: string; email: string };
    limit: ReturnType<typeof rateLimitView>;
    keys: readonly ReturnType<typeof keyView>[];
    values?: AccessValues;
    errors?: { rateLimit?: FormErrors; key?: FormErrors };
    issued?: { key: string; prefix: string };
  },
): string {
  const id = encodeURIComponent(page.account.id);
  // The default's burst is not offered as the account's own: a new rate with the default's burst could allow more than meant.
  const values = page.values ?? { per_second: String(page.limit.per_second), burst: page.limit.is_default ? '' : String(page.limit.burst) };
  const limitErrors = page.errors?.rateLimit ?? NO_ERRORS;
  const keyErrors = page.errors?.key ?? NO_ERRORS;
  const limit = `<section class="card" aria-labelledby="limit-title"><h2 id="limit-title">Rate limit</h2>
<p id="rate-limit">${page.limit.per_second} requests a second, bursts of ${page.limit.burst} · ${page.limit.is_default ? 'the default' : 'its own limit'}</p>
${form(
  view,
  href(view, `/operator/accounts/${id}/rate-limit`),
  [
    field({ name: 'per_second', label: 'Requests a second', type: 'number', value: values.per_second, required: true, extra: 'min="1" step="1"' }, limitErrors),
    field({ name: 'burst', label: 'Burst (optional)', type: 'number', value: values.burst, extra: 'min="1" step="1"', hint: 'Most requests in one second; at least the rate. Empty: no burst.' }, limitErrors),
  ].join('\n'),
  'Set rate limit',
  limitErrors,
)}
${page.limit.is_default ? '' : `<form class="inline" method="post" action="${href(view, `/operator/accounts/${id}/rate-limit`)}">${csrfField(view)}<input type="hidden" name="use_default" value="on"><button type="submit" class="secondary">Back to the default</button></form>`}
</section>`;
  const issued = page.issued
    ? `<section class="card" aria-labelledby="new-key-title"><h2 id="new-key-title">The new key</h2>
<p>Hand it to the customer now: it is shown only this once.</p>
<code class="secret" id="new-key">${e(page.issued.key)}</code>
<button type="button" class="secondary" data-copy="new-key">Copy key</button>
</section>`
    : '';
  const keys = table(
    'SMS API keys of the account, newest first',
    [
      { header: 'Name', cell: (key) => (key.name ? e(key.name) : '<span class="muted">unnamed</span>') },
      { header: 'Key', cell: (key) => `<code>${e(key.prefix)}…</code>` },
      { header: 'Environment', cell: (key) => e(key.environment) },
      { header: 'Scopes', cell: (key) => e(key.scopes.join(', ')) },
      { header: 'Last used', cell: (key) => time(key.last_used_at) },
      { header: 'Status', cell: (key) => (key.is_active ? badge('active', 'ok') : `${badge('revoked', 'bad')} ${time(key.revoked_at)}`) },
      { header: 'Action', cell: (key) => (key.is_active ? buttonForm(view, href(view, `/operator/accounts/${id}/keys/${encodeURIComponent(key.id)}/revoke`), 'Revoke', { danger: true, accessibleName: `Revoke key ${key.prefix}` }) : '') },
    ],
    page.keys,
    'No keys yet.',
  );
  const issue = form(
    view,
    href(view, `/operator/accounts/${id}/keys`),
    [
      choices({ name: 'environment', legend: 'Environment', type: 'radio', options: [{ value: 'test', label: 'Test', checked: true }, { value: 'live', label: 'Live (the account\'s address must be verified)' }] }, keyErrors),
      field({ name: 'name', label: 'Name (optional)' }, keyErrors),
    ].join('\n'),
    'Issue key',
    keyErrors,
  );
  return consolePage(
    view,
    `Rate limit and keys of ${page.account.email}`,
    'operator-accounts',
    `<p><a href="${href(view, `/operator/accounts/${id}`)}">← The account</a></p>
${limit}
${issued}
<section class="card" aria-labelledby="keys-title"><h2 id="keys-title">API keys</h2>
${keys}
<h3>Issue a key</h3>
<p class="muted">With the default scopes (send, query, webhooks).</p>
${issue}
</section>`,
  );
}

/** Operator › Balance statistics: totals per currency, wallets that cannot pay, top-ups over 24 hours, 7 and 30 days. */
export function operatorBalanceStatsView(view: ViewContext, stats: ReturnType<typeof statsView>): string {
  const amount = (value: number, currency: string) => `${value.toFixed(2)} ${e(currency)}`;
  const totals = table(
    'Wallets by currency',
    [
      { header: 'Currency', cell: (row) => e(row.currency) },
      { header: 'Wallets', cell: (row) => String(row.wallets) },
      { header: 'Balance', cell: (row) => amount(row.balance, row.currency) },
      { header: 'Reserved', cell: (row) => amount(row.reserved, row.currency) },
    ],
    stats.totals,
    'No wallets yet.',
  );
  const windows = [
    ['Last 24 hours', stats.top_ups.last_24h],
    ['Last 7 days', stats.top_ups.last_7d],
    ['Last 30 days', stats.top_ups.last_30d],
  ] as const;
  const topUps = windows
    .map(([label, rows]) =>
      table(
        `Top-ups, ${label.toLowerCase()}`,
        [
          { header: 'Currency', cell: (row) => e(row.currency) },
          { header: 'Top-ups', cell: (row) => String(row.count) },
          { header: 'Amount', cell: (row) => amount(row.amount, row.currency) },
        ],
        rows,
        'None.',
      ),
    )
    .join('\n');
  return consolePage(
    view,
    'Balance statistics',
    'operator-balances',
    `<section class="card"><dl>
<dt>Customer accounts</dt><dd id="stat-accounts">${stats.customer_accounts}</dd>
<dt>Wallets</dt><dd>${stats.wallets}</dd>
<dt>Wallets with nothing available (their next charge fails)</dt><dd>${stats.negative_risk_accounts}</dd>
</dl></section>
<section class="card">${totals}</section>
<section class="card">${topUps}</section>`,
  );
}
