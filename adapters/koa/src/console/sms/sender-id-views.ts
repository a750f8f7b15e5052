import { escapeHtml as e } from '../../http/html.ts';
import type { senderIdView } from '../../apis/sms/sender-id-views.ts';
import { field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type SenderIdRow = ReturnType<typeof senderIdView>;

export interface SenderIdValues {
  readonly name: string;
  readonly countries: string;
  readonly use_case: string;
}

export function senderIdsView(view: ViewContext, senderIds: readonly SenderIdRow[], options: { canRequest: boolean; values?: SenderIdValues; errors?: FormErrors }): string {
  const errors = options.errors ?? NO_ERRORS;
  const list = table(
    'Sender ID requests, newest first',
    [
      { header: 'Sender ID', cell: (row) => `<strong>${e(row.name)}</strong>` },
      { header: 'Countries', cell: (row) => e(row.countries.join(', ')) },
      { header: 'Status', cell: (row) => `${badge(row.status, row.status === 'approved' ? 'ok' : row.status === 'rejected' ? 'bad' : 'plain')}${row.rejection_reason ? `<br>${e(row.rejection_reason)}` : ''}` },
      { header: 'Fee (USD)', cell: (row) => `${row.fee_usd.toFixed(2)}${row.fee_charged_at ? ' <span class="muted">charged</span>' : ''}` },
      { header: 'Requested', cell: (row) => time(row.created_at) },
    ],
    senderIds,
    'No sender IDs requested yet.',
  );
  const request = options.canRequest
    ? `<section class="card" aria-labelledby="request-title"><h2 id="request-title">Request a sender ID</h2>
<p class="muted">The operator reviews each request; its fee is charged from the wallet only on approval.</p>
${form(
  view,
  href(view, '/sms/sender-ids'),
  [
    field({ name: 'name', label: 'Sender ID', value: options.values?.name, required: true, hint: '1 to 11 characters: letters, digits, space and & - . _, at least one letter.' }, errors),
    field({ name: 'countries', label: 'Countries', value: options.values?.countries, required: true, hint: 'ISO codes separated by commas, e.g. KE, NG, GH.' }, errors),
    field({ name: 'use_case', label: 'What it is for (optional)', value: options.values?.use_case, hint: 'OTP, receipts, marketing…' }, errors),
  ].join('\n'),
  'Request sender ID',
  errors,
)}
</section>`
    : '';
  return consolePage(view, 'Sender IDs', 'sms-sender-ids', `<section class="card">${list}</section>\n${request}`);
}
