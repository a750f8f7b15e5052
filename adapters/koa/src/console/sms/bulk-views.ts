import type { BatchList } from '@tuma/messaging';
import { escapeHtml as e } from '../../http/html.ts';
import type { batchView } from '../../apis/sms/message-views.ts';
import { buttonForm, choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type BatchRow = ReturnType<typeof batchView>;

export interface BulkValues {
  readonly environment: string;
  readonly recipients: string;
  readonly lists: readonly string[];
  readonly text: string;
  readonly scheduleMode: string;
  /** `datetime-local` (read as UTC) or a full ISO date-time. */
  readonly scheduledAt: string;
  readonly dripRate: string;
}

export function bulkSendView(view: ViewContext, lists: readonly { id: number; name: string; member_count: number }[], values: BulkValues, errors: FormErrors = NO_ERRORS): string {
  const body = [
    choices({ name: 'environment', legend: 'Send as', type: 'radio', options: [
      { value: 'test', label: 'Test (sandbox: simulated delivery, no charge)', checked: values.environment !== 'live' },
      { value: 'live', label: 'Live (reaches the phones, charged to the wallet at once)', checked: values.environment === 'live' },
    ] }, errors),
    field({ name: 'recipients', label: 'Numbers', value: values.recipients, multiline: true, hint: 'One number a line, in international format. Optional when contact lists are chosen.' }, errors),
    lists.length > 0
      ? choices({ name: 'contact_list_ids', legend: 'Contact lists (live only)', type: 'checkbox', options: lists.map((list) => ({ value: String(list.id), label: `${list.name} (${list.member_count})`, checked: values.lists.includes(String(list.id)) })) }, errors)
      : '',
    field({ name: 'text', label: 'Message', value: values.text, required: true, multiline: true, hint: '{{name}}, {{phone}} and a list\'s columns are filled per recipient.' }, errors),
    choices({ name: 'schedule_mode', legend: 'When', type: 'radio', options: [
      { value: 'now', label: 'Now', checked: values.scheduleMode !== 'scheduled' && values.scheduleMode !== 'drip' },
      { value: 'scheduled', label: 'All at one time (5 minutes to 7 days ahead)', checked: values.scheduleMode === 'scheduled' },
      { value: 'drip', label: 'Drip: a set number each minute, from now', checked: values.scheduleMode === 'drip' },
    ] }, errors),
    field({ name: 'scheduled_at', label: 'Send at (UTC)', type: 'datetime-local', value: values.scheduledAt, hint: 'For "All at one time": a date and time in UTC, as 2026-12-01T07:30.' }, errors),
    field({ name: 'drip_rate', label: 'Sends per minute (drip)', type: 'number', value: values.dripRate, extra: 'min="1" max="100000" step="1"', hint: 'For a drip.' }, errors),
  ].join('\n');
  return consolePage(view, 'Bulk send', 'sms-bulk', `<section class="card">${form(view, href(view, '/sms/bulk'), body, 'Send to all', errors)}</section>`);
}

const PENDING = ['queued', 'sent', 'submitted'];

/** A batch's progress: how many reached a final status, the counts per status, its newest messages; the page refreshes itself while some are pending. */
export function batchPageView(view: ViewContext, batch: BatchRow, environment: string, canCancel = false): string {
  const pending = PENDING.reduce((sum, status) => sum + (batch.counts[status as keyof BatchRow['counts']] ?? 0), 0);
  const done = batch.total - pending;
  const counts = Object.entries(batch.counts)
    .map(([status, count]) => `<dt>${e(status)}</dt><dd data-status="${e(status)}">${count}</dd>`)
    .join('\n');
  const messages = table(
    'Newest messages of the batch',
    [
      { header: 'To', cell: (message) => `<a href="${href(view, `/sms/messages/${encodeURIComponent(message.id)}`)}">${e(message.phone)}</a>` },
      { header: 'Status', cell: (message) => badge(message.status, message.status === 'delivered' ? 'ok' : message.status === 'failed' || message.status === 'rejected' ? 'bad' : 'plain') },
      { header: 'Created', cell: (message) => time(message.created_at) },
    ],
    batch.messages,
    'No messages written yet.',
  );
  const content = `<section class="card" aria-labelledby="progress-title"><h2 id="progress-title">Progress</h2>
<label for="batch-progress">${done} of ${batch.total} done</label>
<progress id="batch-progress" max="${Math.max(batch.total, 1)}" value="${done}">${done} of ${batch.total}</progress>
<dl>
${counts}
</dl>
<p class="muted">${e(environment)} · cost ${batch.cost} ${e(batch.currency)}${pending > 0 ? ' · this page refreshes every 5 seconds' : ''}</p>
${canCancel && pending > 0 ? buttonForm(view, href(view, `/sms/batches/${encodeURIComponent(batch.batch_id)}/cancel`), 'Cancel the messages not sent yet', { danger: true }) : ''}
</section>
<section class="card">${messages}</section>`;
  return consolePage(view, `Batch ${batch.batch_id}`, 'sms-batches', content, pending > 0 ? { refreshAfter: 5 } : {});
}

const MODE_LABEL: Readonly<Record<string, string>> = { sending: 'sent now', scheduled: 'scheduled', dripping: 'drip' };

/** SMS › Batches: the account's bulk sends, newest first, each with its progress and how it goes (now, scheduled, drip). */
export function batchesView(view: ViewContext, list: BatchList, page: number): string {
  const rows = list.batches.map((summary) => {
    const pending = PENDING.reduce((sum, status) => sum + (summary.counts[status as keyof typeof summary.counts] ?? 0), 0);
    return { ...summary, done: summary.total - pending };
  });
  const batches = table(
    'Bulk sends, newest first',
    [
      { header: 'Batch', cell: (row) => `<a href="${href(view, `/sms/batches/${encodeURIComponent(row.batch.id)}`)}">${e(row.batch.id)}</a>` },
      { header: 'Created', cell: (row) => time(row.batch.createdAt) },
      {
        header: 'How',
        cell: (row) =>
          `<span data-batch-status="${e(row.batch.status)}">${badge(MODE_LABEL[row.batch.status] ?? row.batch.status)}</span>${
            row.batch.status === 'scheduled' ? ` at ${time(row.batch.scheduledAt)}` : row.batch.status === 'dripping' ? ` ${row.batch.dripRate ?? ''} a minute` : ''
          }`,
      },
      { header: 'Environment', cell: (row) => e(row.batch.environment) },
      { header: 'Text', cell: (row) => e(row.batch.text.length > 60 ? `${row.batch.text.slice(0, 60)}…` : row.batch.text) },
      {
        header: 'Progress',
        cell: (row) =>
          `<progress max="${Math.max(row.total, 1)}" value="${row.done}" aria-label="Batch ${e(row.batch.id)}: ${row.done} of ${row.total} done">${row.done} of ${row.total}</progress> ${row.done} of ${row.total}`,
      },
      { header: 'Cost', cell: (row) => `${e(row.batch.cost.toDecimalString())} ${e(row.batch.cost.currency)}` },
    ],
    rows,
    'No bulk sends yet.',
  );
  const link = (to: number, label: string) => `<a href="${href(view, `/sms/batches?page=${to}`)}">${label}</a>`;
  const pager = page > 0 || list.hasMore ? `<nav aria-label="Batch pages"><p>${page > 0 ? link(page - 1, 'Newer') : ''} Page ${page + 1} ${list.hasMore ? link(page + 1, 'Older') : ''}</p></nav>` : '';
  return consolePage(view, 'Batches', 'sms-batches', `<section class="card">${batches}\n${pager}</section>`);
}
