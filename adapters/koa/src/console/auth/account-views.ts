import type { Role } from '@tuma/identity';
import { escapeHtml as e } from '../../http/html.ts';
import { buttonForm } from '../layout/form.ts';
import { badge } from '../layout/format.ts';
import { consolePage, csrfField } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export interface AccountRow {
  readonly accountId: string;
  /** The account's address (its owner's at registration); null if the account is gone. */
  readonly email: string | null;
  readonly role: Role;
  readonly current: boolean;
}

/** The user's accounts, the one this session works in marked, a switch to each other; then "sign out everywhere". */
export function accountsView(view: ViewContext, accounts: readonly AccountRow[]): string {
  const list = table(
    'The accounts you belong to',
    [
      { header: 'Account', cell: (row) => `${e(row.email ?? row.accountId)}<br><code class="muted">${e(row.accountId)}</code>` },
      { header: 'Your role', cell: (row) => badge(row.role) },
      {
        header: 'Action',
        cell: (row) =>
          row.current
            ? badge('current', 'ok')
            : `<form class="inline" method="post" action="${href(view, '/accounts/switch')}">${csrfField(view)}<input type="hidden" name="account_id" value="${e(row.accountId)}"><button type="submit" aria-label="Switch to ${e(row.email ?? row.accountId)}">Switch</button></form>`,
      },
    ],
    accounts,
    'No accounts.',
  );
  return consolePage(
    view,
    'Switch account, sign out everywhere',
    'accounts',
    `<section class="card" aria-labelledby="accounts-title"><h2 id="accounts-title">Your teams</h2>
<p class="muted">A session works in one account at a time. Switching opens a new session in the other account and ends this one; the sign-in's time still counts toward the 12-hour limit.</p>
${list}
</section>
<section class="card" aria-labelledby="everywhere-title"><h2 id="everywhere-title">Sign out everywhere</h2>
<p>Ends every session of yours: this browser, other browsers and the API's dashboard tokens, in every account. API keys keep working.</p>
${buttonForm(view, href(view, '/accounts/sign-out-everywhere'), 'Sign out everywhere', { danger: true })}
</section>`,
  );
}
