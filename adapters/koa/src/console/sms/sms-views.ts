import { OUTBOUND_MESSAGE_STATUSES } from '@tuma/messaging';
import { escapeHtml as e } from '../../http/html.ts';
import type { messageView as messageRow } from '../../apis/sms/message-views.ts';
import { choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type MessageRow = ReturnType<typeof messageRow>;

export interface SendValues {
  readonly environment: string;
  readonly to: string;
  readonly text: string;
}

const statusBadge = (status: string) => badge(status, status === 'delivered' ? 'ok' : status === 'failed' || status === 'rejected' ? 'bad' : 'plain');

/** The counter under the text box: the same segmenter and quote as `POST /api/messages/quote`. */
export const quoteSummary = (quote: { segments: number; encoding: string; characters: number; cost?: string }): string =>
  `${quote.characters} characters · ${quote.segments} segment${quote.segments === 1 ? '' : 's'} (${quote.encoding})${quote.cost ? ` · ${quote.cost}` : ''}`;

export function sendView(view: ViewContext, values: SendValues, summary: string, errors: FormErrors = NO_ERRORS): string {
  const body = [
    choices({ name: 'environment', legend: 'Send as', type: 'radio', options: [
      { value: 'test', label: 'Test (sandbox: simulated delivery, no charge)', checked: values.environment !== 'live' },
      { value: 'live', label: 'Live (reaches the phone, charged to the wallet)', checked: values.environment === 'live' },
    ] }, errors),
    field({ name: 'to', label: 'To', type: 'tel', value: values.to, required: true, autocomplete: 'off', hint: 'In international format, e.g. +254712345678.' }, errors),
    field({ name: 'text', label: 'Message', value: values.text, required: true, multiline: true }, errors),
    `<p class="hint" id="quote" aria-live="polite">${e(summary)}</p>`,
  ].join('\n');
  const content = `<section class="card">${form(view, href(view, '/sms/send'), body, 'Send message', errors, `data-quote="${href(view, '/sms/quote')}"`)}</section>`;
  return consolePage(view, 'Send a message', 'sms-send', content);
}

export interface MessageFilters {
  readonly environment: 'live' | 'test';
  readonly status: string;
  readonly to: string;
}

export function messagesView(view: ViewContext, filters: MessageFilters, messages: readonly MessageRow[], paging: { page: number; pages: number }, errors: FormErrors = NO_ERRORS): string {
  const option = (value: string, label: string, current: string) => `<option value="${e(value)}"${value === current ? ' selected' : ''}>${e(label)}</option>`;
  const filterForm = `<form method="get" action="${href(view, '/sms/messages')}" class="filters">
<label for="f-environment">Environment</label>
<select id="f-environment" name="environment">${option('live', 'Live', filters.environment)}${option('test', 'Test', filters.environment)}</select>
<label for="f-status">Status</label>
<select id="f-status" name="status">${option('', 'Any', filters.status)}${OUTBOUND_MESSAGE_STATUSES.map((status) => option(status, status, filters.status)).join('')}</select>
${field({ name: 'to', label: 'To', type: 'tel', value: filters.to }, errors)}
<button type="submit">Filter</button>
</form>`;
  const list = table(
    'Messages, newest first',
    [
      { header: 'Created', cell: (message) => time(message.created_at) },
      { header: 'To', cell: (message) => `<a href="${href(view, `/sms/messages/${encodeURIComponent(message.id)}`)}">${e(message.phone)}</a>` },
      { header: 'Text', cell: (message) => e(message.text) },
      { header: 'Status', cell: (message) => statusBadge(message.status) },
      { header: 'Segments', cell: (message) => String(message.segments) },
      { header: 'Cost', cell: (message) => `${message.cost} ${e(message.currency)}` },
    ],
    messages,
    'No messages match.',
  );
  const query = (page: number) => `/sms/messages?environment=${filters.environment}&status=${encodeURIComponent(filters.status)}&to=${encodeURIComponent(filters.to)}&page=${page}`;
  const pager =
    paging.pages > 1
      ? `<nav aria-label="Message pages"><p>${paging.page > 0 ? `<a href="${href(view, query(paging.page - 1))}">Newer</a>` : ''} Page ${paging.page + 1} of ${paging.pages} ${
          paging.page + 1 < paging.pages ? `<a href="${href(view, query(paging.page + 1))}">Older</a>` : ''
        }</p></nav>`
      : '';
  return consolePage(view, 'Message log', 'sms-messages', `<section class="card">${filterForm}</section>\n<section class="card">${list}\n${pager}</section>`);
}

/** A message and its timeline: queued, then handed to the carrier, then the final report. */
export interface DeliveryReports {
  /** Submissions tried again after a retryable refusal. */
  readonly retries: number;
  /** Parts the carrier accepted (each gets its own report). */
  readonly parts: number;
  /** The report settling each part, in the order they arrived. */
  readonly received: readonly { carrierMessageId: string; outcome: string; errorCode: string | null; at: string }[];
}

export function messageDetailView(view: ViewContext, message: MessageRow, reports?: DeliveryReports): string {
  const steps: [string, string | null][] = [
    ['queued', message.created_at],
    ['submitted', message.submitted_at],
    [message.status === 'failed' || message.status === 'rejected' ? message.status : 'delivered', message.delivered_at ?? message.failed_at],
  ];
  const timeline = steps
    .map(([step, at]) => `<li>${statusBadge(step)} ${at ? time(at) : '<span class="muted">not yet</span>'}</li>`)
    .join('\n');
  const content = `<section class="card">
<dl>
<dt>To</dt><dd>${e(message.phone)}</dd>
<dt>Status</dt><dd id="message-status">${e(message.status)}</dd>
<dt>Environment</dt><dd>${e(message.environment)}</dd>
<dt>Text</dt><dd>${e(message.text)}</dd>
<dt>Segments</dt><dd>${message.segments} (${e(message.encoding)})</dd>
<dt>Cost</dt><dd>${message.cost} ${e(message.currency)}</dd>
${message.error_code ? `<dt>Error</dt><dd>${e(message.error_code)}</dd>` : ''}
</dl>
</section>
<section class="card" aria-labelledby="timeline-title"><h2 id="timeline-title">Timeline</h2>
<ol id="timeline">
${timeline}
</ol>
</section>
${reports ? deliveryReports(reports) : ''}
<p><a href="${href(view, `/sms/messages?environment=${message.environment}`)}">Back to the message log</a></p>`;
  return consolePage(view, `Message ${message.id}`, 'sms-messages', content);
}

/** The delivery reports received: one settling each part the carrier accepted (interim reports are not kept), and the submission retries. */
function deliveryReports(reports: DeliveryReports): string {
  const list = table(
    'Delivery reports received, in order',
    [
      { header: 'Received', cell: (report) => time(report.at) },
      { header: 'Carrier id', cell: (report) => `<code>${e(report.carrierMessageId)}</code>` },
      { header: 'Outcome', cell: (report) => statusBadge(report.outcome) },
      { header: 'Error', cell: (report) => (report.errorCode ? e(report.errorCode) : '') },
    ],
    reports.received,
    reports.parts > 0 ? 'No report received yet.' : 'Not accepted by the carrier yet: no report to wait for.',
  );
  return `<section class="card" aria-labelledby="reports-title"><h2 id="reports-title">Delivery reports</h2>
<p class="muted">${reports.parts > 0 ? `${reports.received.length} of ${reports.parts} part${reports.parts === 1 ? '' : 's'} settled` : 'No part accepted yet'} · ${reports.retries === 0 ? 'submitted at the first attempt' : `${reports.retries} submission retr${reports.retries === 1 ? 'y' : 'ies'}`}. The report that settles each part is kept; interim ones (accepted, en route) are not.</p>
${list}
</section>`;
}
