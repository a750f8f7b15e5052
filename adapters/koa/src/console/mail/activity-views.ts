import { escapeHtml as e } from '../../http/html.ts';
import type { emailSummaryView, emailView } from '../../apis/mail/email-views.ts';
import type { suppressionView } from '../../apis/mail/suppression-views.ts';
import { buttonForm } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type EmailRow = ReturnType<typeof emailSummaryView>;
export type EmailDetail = ReturnType<typeof emailView>;
export type SuppressionRow = ReturnType<typeof suppressionView>;

const GOOD = new Set(['delivered', 'opened', 'clicked', 'sent']);
const BAD = new Set(['bounced', 'complained', 'failed', 'suppressed']);
const tone = (status: string) => (GOOD.has(status) ? 'ok' : BAD.has(status) ? 'bad' : 'plain');

/** A "next page" link keeping the filters, when there is one. */
const more = (view: ViewContext, path: string, query: URLSearchParams, next: string | null) => {
  if (!next) return '';
  const params = new URLSearchParams(query);
  params.set('cursor', next);
  return `<p><a href="${e(href(view, `${path}?${params.toString()}`))}">Older →</a></p>`;
};

export function emailsView(view: ViewContext, page: { emails: readonly EmailRow[]; q: string; next: string | null; query: URLSearchParams }): string {
  const rows = table(
    'Emails, newest first',
    [
      { header: 'Subject', cell: (m) => `<a href="${href(view, `/mail/emails/${encodeURIComponent(m.id)}`)}">${e(m.subject || '(no subject)')}</a>` },
      { header: 'To', cell: (m) => e(m.to.join(', ')) },
      { header: 'From', cell: (m) => e(m.from) },
      { header: 'Status', cell: (m) => badge(m.status, tone(m.status)) },
      { header: 'Created', cell: (m) => time(m.created_at) },
    ],
    page.emails,
    page.q ? 'No email matches.' : 'No emails yet: send one with the mail API or SMTP.',
  );
  const search = `<form method="get" action="${href(view, '/mail/emails')}" role="search" class="actions">
<label for="f-q" class="visually-hidden">Search subjects</label><input type="text" id="f-q" name="q" value="${e(page.q)}" placeholder="Text in the subject">
<button type="submit" class="secondary">Search</button></form>`;
  return consolePage(view, 'Emails', 'mail-emails', `<section class="card">${search}\n${rows}\n${more(view, '/mail/emails', page.query, page.next)}</section>`);
}

export function emailDetailView(view: ViewContext, email: EmailDetail): string {
  const events = table(
    'Events, oldest first',
    [
      { header: 'Event', cell: (event) => badge(event.type, tone(event.type)) },
      { header: 'Recipient', cell: (event) => (event.recipient ? e(event.recipient) : '<span class="muted">all</span>') },
      { header: 'At', cell: (event) => time(event.at) },
      { header: 'Detail', cell: (event) => (event.reason ? e(event.reason) : '') },
    ],
    email.events,
    'No events yet.',
  );
  const facts: [string, string][] = [
    ['From', e(email.from)],
    ['To', e(email.to.join(', '))],
    ...(email.cc.length ? ([['Cc', e(email.cc.join(', '))]] as [string, string][]) : []),
    ['Status', badge(email.status, tone(email.status))],
    ['Created', time(email.created_at)],
    ...(email.scheduled_at ? ([['Scheduled', time(email.scheduled_at)]] as [string, string][]) : []),
    ['Message-ID', email.message_id ? `<code>${e(email.message_id)}</code>` : '<span class="muted">not sent yet</span>'],
    ['Attachments', email.attachments.length ? e(email.attachments.map((a) => `${a.filename} (${a.size} bytes)`).join(', ')) : '<span class="muted">none</span>'],
  ];
  const body = email.text ?? (email.html ? email.html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : '');
  return consolePage(view, email.subject || '(no subject)', 'mail-emails', `<p><a href="${href(view, '/mail/emails')}">← All emails</a></p>
<section class="card"><dl class="records">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl></section>
<section class="card" aria-labelledby="events-title"><h2 id="events-title">Timeline</h2>${events}</section>
<section class="card" aria-labelledby="body-title"><h2 id="body-title">Text</h2><pre>${e(body)}</pre></section>`);
}

export function suppressionsView(view: ViewContext, page: { suppressions: readonly SuppressionRow[]; canWrite: boolean; next: string | null; query: URLSearchParams }): string {
  const rows = table(
    'Suppressed addresses, newest first',
    [
      { header: 'Address', cell: (s) => e(s.email) },
      { header: 'Reason', cell: (s) => badge(s.reason, 'bad') },
      { header: 'Email', cell: (s) => (s.email_id ? `<a href="${href(view, `/mail/emails/${encodeURIComponent(s.email_id)}`)}">${e(s.email_id)}</a>` : '') },
      { header: 'Detail', cell: (s) => (s.detail ? e(s.detail) : '') },
      { header: 'Added', cell: (s) => time(s.created_at) },
      {
        header: 'Action',
        cell: (s) =>
          page.canWrite ? buttonForm(view, href(view, `/mail/suppressions/${encodeURIComponent(s.email)}/remove`), 'Remove', { accessibleName: `Remove ${s.email} from the list` }) : '',
      },
    ],
    page.suppressions,
    'No suppressed addresses: hard bounces and complaints add them.',
  );
  return consolePage(view, 'Suppressions', 'mail-suppressions', `<section class="card"><p>Sends skip these addresses. Remove one to send to it again.</p>
${rows}
${more(view, '/mail/suppressions', page.query, page.next)}</section>`);
}
