import { escapeHtml as e } from '../../http/html.ts';
import type { broadcastView } from '../../apis/mail/contact-views.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { dateTimeFieldValue } from '../layout/date-time-field.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type BroadcastRow = ReturnType<typeof broadcastView>;

/** The compose form as typed, with its one-time key (a form posted twice sends once). */
export interface BroadcastValues {
  readonly list_id: string;
  readonly from: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly scheduled_at: string;
  readonly idempotency_key: string;
}

export interface ListOption {
  readonly id: string;
  readonly name: string;
  readonly contact_count: number;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`;
const statusBadge = (status: BroadcastRow['status']) => badge(status, status === 'sent' ? 'ok' : status === 'cancelled' ? 'bad' : 'plain');

function listSelect(lists: readonly ListOption[], selected: string, errors: FormErrors): string {
  const error = errors.fields.list_id;
  const options = lists.map((l) => `<option value="${e(l.id)}"${l.id === selected ? ' selected' : ''}>${e(l.name)} (${l.contact_count})</option>`).join('');
  return `<label for="f-list_id">Contact list</label>
<select id="f-list_id" name="list_id" required${error ? ' aria-invalid="true" aria-describedby="f-list_id-error"' : ''}>${options}</select>${error ? `\n<p class="field-error" id="f-list_id-error">${e(error)}</p>` : ''}`;
}

const PLACEHOLDERS = `<details><summary>Placeholders</summary>
<p>The subject, HTML and text may hold, for each contact:</p>
<ul>
<li><code>{{first_name}}</code>, <code>{{last_name}}</code>, <code>{{email}}</code>: the contact's own;</li>
<li><code>{{data.key}}</code>: a data value of the contact (a CSV column, e.g. <code>{{data.plan}}</code>);</li>
<li><code>{{unsubscribe_url}}</code>: the contact's one-click unsubscribe link (every email also carries it in List-Unsubscribe);</li>
<li>a fallback after a bar for contacts without the value: <code>{{first_name|there}}</code>.</li>
</ul>
<p>Values are HTML-escaped in the HTML. The subject needs text besides its placeholders, or a fallback. Unsubscribed and suppressed contacts are skipped.</p>
</details>`;

export function broadcastsView(
  view: ViewContext,
  page: { broadcasts: readonly BroadcastRow[]; lists: readonly ListOption[]; canWrite: boolean; values: BroadcastValues; next: string | null; errors?: FormErrors },
): string {
  const errors = page.errors ?? NO_ERRORS;
  const listNames = new Map(page.lists.map((l) => [l.id, l.name]));
  const rows = table(
    'Broadcasts, newest first',
    [
      { header: 'Subject', cell: (b) => `<a href="${href(view, `/mail/broadcasts/${encodeURIComponent(b.id)}`)}">${e(b.subject)}</a>` },
      { header: 'List', cell: (b) => e(listNames.get(b.list_id) ?? b.list_id) },
      { header: 'Status', cell: (b) => statusBadge(b.status) },
      { header: 'Recipients', cell: (b) => String(b.counts.recipients) },
      { header: 'Delivered', cell: (b) => String(b.counts.delivered) },
      { header: 'Created', cell: (b) => time(b.created_at) },
    ],
    page.broadcasts,
    'No broadcasts yet.',
  );
  const older = page.next ? `<p><a href="${href(view, `/mail/broadcasts?cursor=${encodeURIComponent(page.next)}`)}">Older broadcasts</a></p>` : '';
  const v = page.values;
  const compose = !page.canWrite
    ? ''
    : page.lists.length === 0
      ? `<section class="card"><p>Make a contact list first: <a href="${href(view, '/mail/contacts')}">Mail contacts</a>.</p></section>`
      : `<section class="card" aria-labelledby="compose-title"><h2 id="compose-title">Send a broadcast</h2>
<p class="muted">One message to every subscribed contact of a list, from an address of a verified domain.</p>
${PLACEHOLDERS}
${form(
  view,
  href(view, '/mail/broadcasts'),
  [
    hidden('idempotency_key', v.idempotency_key),
    listSelect(page.lists, v.list_id, errors),
    field({ name: 'from', label: 'From', value: v.from, required: true, hint: '"Name <you@your-verified-domain>" or the bare address.' }, errors),
    field({ name: 'subject', label: 'Subject', value: v.subject, required: true }, errors),
    field({ name: 'html', label: 'HTML (optional if text)', value: v.html, multiline: true }, errors),
    field({ name: 'text', label: 'Text (optional)', value: v.text, multiline: true, hint: 'Made from the HTML when empty.' }, errors),
    field({ name: 'scheduled_at', label: 'Send at (optional, UTC)', type: 'datetime-local', value: dateTimeFieldValue(v.scheduled_at), hint: 'A date and time in UTC; empty: now. It may be cancelled until then.' }, errors),
  ].join('\n'),
  'Send broadcast',
  errors,
)}
</section>`;
  return consolePage(view, 'Broadcasts', 'mail-broadcasts', `${compose}\n<section class="card">${rows}\n${older}</section>`);
}

/** A broadcast's progress: where its recipients are; the page refreshes itself while some are waiting. */
export function broadcastPageView(view: ViewContext, page: { broadcast: BroadcastRow; listName: string | undefined; canWrite: boolean }): string {
  const { broadcast: b } = page;
  const c = b.counts;
  const done = c.sent + c.delivered + c.bounced + c.complained + c.failed + c.cancelled + c.skipped_unsubscribed + c.skipped_suppressed;
  const waiting = b.status === 'scheduled' || b.status === 'sending' || c.pending > 0 || c.queued > 0;
  const counts = table(
    'Recipients by where they are',
    [
      { header: 'Where', cell: (row: [string, number]) => e(row[0]) },
      { header: 'Recipients', cell: (row: [string, number]) => `<span data-count="${e(row[0])}">${row[1]}</span>` },
    ],
    [
      ['pending', c.pending],
      ['queued', c.queued],
      ['sent', c.sent],
      ['delivered', c.delivered],
      ['bounced', c.bounced],
      ['complained', c.complained],
      ['failed', c.failed],
      ['cancelled', c.cancelled],
      ['skipped (unsubscribed)', c.skipped_unsubscribed],
      ['skipped (suppressed)', c.skipped_suppressed],
    ] as [string, number][],
    '',
  );
  const cancel =
    page.canWrite && (b.status === 'scheduled' || b.status === 'sending')
      ? `<p>Cancelling stops the recipients still waiting for their email${b.status === 'scheduled' ? ' (all of them before the send time)' : ''}.</p>${buttonForm(view, href(view, `/mail/broadcasts/${encodeURIComponent(b.id)}/cancel`), 'Cancel broadcast', { danger: true })}`
      : '';
  const content = `<p><a href="${href(view, '/mail/broadcasts')}">← All broadcasts</a></p>
<section class="card" aria-labelledby="progress-title"><h2 id="progress-title">Progress</h2>
<p>Status: <span id="broadcast-status">${statusBadge(b.status)}</span> · to ${e(page.listName ?? b.list_id)} · from <code>${e(b.from)}</code>${b.scheduled_at ? ` · at ${time(b.scheduled_at)}` : ''}</p>
<label for="broadcast-progress">${done} of ${c.recipients} done</label>
<progress id="broadcast-progress" max="${Math.max(c.recipients, 1)}" value="${done}">${done} of ${c.recipients}</progress>
${counts}
<p class="muted">Created ${time(b.created_at)}${waiting ? ' · this page refreshes every 5 seconds' : ''}</p>
${cancel}
</section>`;
  return consolePage(view, `Broadcast: ${b.subject}`, 'mail-broadcasts', content, waiting ? { refreshAfter: 5 } : {});
}
