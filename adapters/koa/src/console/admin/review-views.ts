import { escapeHtml as e } from '../../http/html.ts';
import type { fxRateView } from '../../apis/admin/fx-rates.routes.ts';
import type { adminSenderIdView } from '../../apis/sms/sender-id-views.ts';
import type { adminTwoWayServiceView } from '../../apis/two-way/two-way-views.ts';
import { field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { time } from '../layout/format.ts';
import { operatorPage } from './operator-views.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type SenderIdRow = ReturnType<typeof adminSenderIdView>;
export type TwoWayRow = ReturnType<typeof adminTwoWayServiceView>;
export type FxRow = ReturnType<typeof fxRateView>;
export interface OutboxRow {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly created_at: string;
}

/** Approve, or reject with a reason the customer sees: one small form each, named after what they act on. */
function decision(view: ViewContext, base: string, name: string, approveExtra = ''): string {
  return `<div class="actions">${form(view, href(view, `${base}/approve`), approveExtra, `Approve ${name}`, NO_ERRORS, 'class="inline"')}
${form(view, href(view, `${base}/reject`), field({ name: 'reason', label: `Reason to reject ${name}` }), `Reject ${name}`, NO_ERRORS, 'class="inline"')}</div>`;
}

export function approvalsView(view: ViewContext, page: { senderIds: readonly SenderIdRow[]; services: readonly TwoWayRow[]; errors?: FormErrors }): string {
  const errors = page.errors ?? NO_ERRORS;
  const senderIds = table(
    'Sender IDs waiting for a decision, oldest first',
    [
      { header: 'Sender ID', cell: (s) => `<strong>${e(s.name)}</strong><br><a href="${href(view, `/operator/accounts/${encodeURIComponent(s.account_id)}`)}"><code>${e(s.account_id)}</code></a>` },
      { header: 'Countries', cell: (s) => e(s.countries.join(', ')) },
      { header: 'Use', cell: (s) => e(s.use_case ?? '') },
      { header: 'Fee on approval', cell: (s) => `USD ${s.estimated_fee_usd.toFixed(2)}` },
      { header: 'Requested', cell: (s) => time(s.created_at) },
      { header: 'Decision', cell: (s) => decision(view, `/operator/approvals/sender-ids/${s.id}`, `sender ID ${s.name}`) },
    ],
    page.senderIds,
    'No sender ID is waiting.',
  );
  const services = table(
    'Two-way services waiting for a decision, oldest first',
    [
      { header: 'Service', cell: (s) => `${e(s.type)} ${s.keyword ? `<strong>${e(s.keyword)}</strong>` : ''} · ${e(s.country_code)}<br>${e(s.company_name)}` },
      { header: 'Use', cell: (s) => e(s.use_case) },
      { header: 'Fees', cell: (s) => `USD ${s.setup_fee_usd.toFixed(2)} setup, ${s.monthly_fee_usd.toFixed(2)} a month` },
      { header: 'Requested', cell: (s) => time(s.created_at) },
      {
        header: 'Decision',
        cell: (s) =>
          decision(
            view,
            `/operator/approvals/two-way/${s.id}`,
            `service ${s.id}`,
            s.type === 'dedicated' ? field({ name: 'number', label: `Short code for service ${s.id} (empty: the first free one)` }) : '',
          ),
      },
    ],
    page.services,
    'No two-way service is waiting.',
  );
  const alert = errors.form ? `<p class="alert" role="alert">${e(errors.form)}</p>` : '';
  return operatorPage(view, 'Approvals', 'operator-approvals', `${alert}
<section class="card" aria-labelledby="sid-title"><h2 id="sid-title">Sender IDs</h2><p class="muted">Approval charges the fee to the customer's wallet; a wallet that cannot pay leaves the request pending.</p>${senderIds}</section>
<section class="card" aria-labelledby="tw-title"><h2 id="tw-title">Two-way services</h2>${services}</section>`);
}

export function fxRatesView(view: ViewContext, page: { rates: readonly FxRow[]; values?: { from: string; to: string; rate: string }; errors?: FormErrors }): string {
  const errors = page.errors ?? NO_ERRORS;
  const values = page.values ?? { from: 'USD', to: '', rate: '' };
  const rows = table(
    'Exchange rates',
    [
      { header: 'Pair', cell: (r) => `1 ${e(r.from)} =` },
      { header: 'Rate', cell: (r) => `<code>${e(r.rate)}</code> ${e(r.to)}` },
      { header: 'Updated', cell: (r) => time(r.updated_at) },
      { header: 'By', cell: (r) => e(r.updated_by ?? '') },
    ],
    page.rates,
    'No rates yet.',
  );
  const set = form(
    view,
    href(view, '/operator/fx-rates'),
    [
      field({ name: 'from', label: 'From (ISO 4217)', value: values.from, required: true }, errors),
      field({ name: 'to', label: 'To (ISO 4217)', value: values.to, required: true }, errors),
      field({ name: 'rate', label: 'Rate', value: values.rate, required: true, hint: '1 "from" is this many "to"; up to 12 decimals.', extra: 'inputmode="decimal"' }, errors),
    ].join('\n'),
    'Set rate',
    errors,
  );
  return operatorPage(view, 'FX rates', 'operator-fx', `<section class="card">${rows}</section>
<section class="card" aria-labelledby="set-title"><h2 id="set-title">Set a rate</h2>${set}</section>`);
}

export function outboxView(view: ViewContext, page: { mails: readonly OutboxRow[]; to: string }): string {
  const rows = table(
    'Mail kept in the local outbox, newest first',
    [
      { header: 'To', cell: (m) => e(m.to) },
      { header: 'Subject', cell: (m) => e(m.subject) },
      { header: 'Sent', cell: (m) => time(m.created_at) },
      { header: 'Text', cell: (m) => `<details><summary>Read</summary><pre>${e(m.text)}</pre></details>` },
    ],
    page.mails,
    'The outbox is empty.',
  );
  const search = `<form method="get" action="${href(view, '/operator/outbox')}" role="search" class="actions">
<label for="f-to">Recipient</label><input type="email" id="f-to" name="to" value="${e(page.to)}">
<button type="submit" class="secondary">Filter</button></form>`;
  return operatorPage(view, 'Outbox', 'operator-outbox', `<section class="card"><p>The account service's mail while no SMTP relay is configured: nothing leaves the machine.</p>${search}\n${rows}</section>`);
}
