import { VERIFICATION_STATUSES } from '@tuma/verification';
import { escapeHtml as e } from '../../http/html.ts';
import type { verificationView } from '../../apis/verify/verify-views.ts';
import { field, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export interface VerificationFilters {
  readonly environment: 'live' | 'test';
  readonly status: string;
  readonly to: string;
}

type VerificationRow = ReturnType<typeof verificationView>;

const tone = (status: string) => (status === 'approved' ? 'ok' : status === 'pending' ? 'plain' : 'bad');

/** The verifications log: filters (environment, status, number), then the page of verifications with their app. */
export function verificationsView(
  view: ViewContext,
  filters: VerificationFilters,
  rows: readonly VerificationRow[],
  apps: ReadonlyMap<string, string>,
  paging: { page: number; pages: number },
  errors: FormErrors = NO_ERRORS,
): string {
  const options = ['', ...VERIFICATION_STATUSES].map((status) => `<option value="${e(status)}"${status === filters.status ? ' selected' : ''}>${status === '' ? 'any' : e(status)}</option>`).join('');
  const filterForm = `<form method="get" action="${href(view, '/verify/verifications')}" role="search">
<label for="f-environment">Environment</label>
<select id="f-environment" name="environment">${(['live', 'test'] as const).map((environment) => `<option value="${environment}"${environment === filters.environment ? ' selected' : ''}>${environment}</option>`).join('')}</select>
<label for="f-status">Status</label>
<select id="f-status" name="status">${options}</select>
${field({ name: 'to', label: 'Number (E.164)', type: 'tel', value: filters.to }, errors)}
<button type="submit">Filter</button>
</form>`;
  const list = table(
    'Verifications, newest first',
    [
      { header: 'Started', cell: (row) => time(row.created_at) },
      { header: 'To', cell: (row) => e(row.to) },
      { header: 'App', cell: (row) => (row.app_id ? `<a href="${href(view, `/verify/apps/${encodeURIComponent(row.app_id)}`)}">${e(apps.get(row.app_id) ?? row.app_id)}</a>` : '<span class="muted">none</span>') },
      { header: 'Status', cell: (row) => badge(row.status, tone(row.status)) },
      { header: 'Attempts left', cell: (row) => String(row.attempts_left) },
      { header: 'Sends left', cell: (row) => String(row.sends_left) },
      { header: 'Cost', cell: (row) => `${row.cost} ${e(row.currency)}` },
    ],
    rows,
    'No verifications match.',
  );
  const query = (page: number) => `/verify/verifications?${new URLSearchParams({ environment: filters.environment, status: filters.status, to: filters.to, page: String(page) }).toString()}`;
  const pager =
    paging.pages > 1
      ? `<nav aria-label="Verification pages"><p>${paging.page > 0 ? `<a href="${href(view, query(paging.page - 1))}">Newer</a>` : ''} Page ${paging.page + 1} of ${paging.pages} ${
          paging.page + 1 < paging.pages ? `<a href="${href(view, query(paging.page + 1))}">Older</a>` : ''
        }</p></nav>`
      : '';
  return consolePage(view, 'Verifications', 'verify-log', `<section class="card">${filterForm}</section>\n<section class="card">${list}\n${pager}</section>`);
}
