import { escapeHtml as e } from '../../http/html.ts';
import type { forwardLogEntryView, forwardView } from '../../apis/mail/forward-views.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type ForwardRow = ReturnType<typeof forwardView>;
export type ForwardLogRow = ReturnType<typeof forwardLogEntryView>;

export function forwardsView(view: ViewContext, page: { forwards: readonly ForwardRow[]; verifiedDomains: readonly string[]; canWrite: boolean; values?: { from: string; to: string }; errors?: FormErrors }): string {
  const errors = page.errors ?? NO_ERRORS;
  const rows = table(
    'Forwards, newest first',
    [
      { header: 'Mail to', cell: (f) => `<a href="${href(view, `/mail/forwards/${encodeURIComponent(f.id)}`)}"><code>${e(f.from)}</code></a>${f.from.startsWith('*@') ? ` ${badge('catch-all')}` : ''}` },
      { header: 'Goes to', cell: (f) => `<code>${e(f.to)}</code>` },
      { header: 'Created', cell: (f) => time(f.created_at) },
      { header: 'Action', cell: (f) => (page.canWrite ? buttonForm(view, href(view, `/mail/forwards/${encodeURIComponent(f.id)}/delete`), 'Delete', { danger: true, accessibleName: `Delete forward ${f.from}` }) : '') },
    ],
    page.forwards,
    'No forwards yet.',
  );
  const domains = page.verifiedDomains.length > 0 ? `Your verified domains: ${page.verifiedDomains.map((d) => `<code>${e(d)}</code>`).join(', ')}.` : `No verified domain yet: <a href="${href(view, '/mail/domains')}">verify one</a> first.`;
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="create-title"><h2 id="create-title">Add a forward</h2>
<p class="muted">Mail to an address of a verified domain is re-sent to another address. ${domains}</p>
${form(
  view,
  href(view, '/mail/forwards'),
  [
    field({ name: 'from', label: 'Mail to', value: page.values?.from, required: true, hint: 'alias@your-domain, or *@your-domain for every address no other forward names (catch-all).' }, errors),
    field({ name: 'to', label: 'Forward to', type: 'email', value: page.values?.to, required: true }, errors),
  ].join('\n'),
  'Add forward',
  errors,
)}
</section>`
    : '';
  return consolePage(view, 'Forwards', 'mail-forwards', `<section class="card">${rows}</section>\n${create}`);
}

/** One forward and what it re-sent, newest first. */
export function forwardLogView(view: ViewContext, page: { forward: ForwardRow; entries: readonly ForwardLogRow[]; next: string | null; canWrite: boolean }): string {
  const { forward } = page;
  const tone = (outcome: string) => (outcome === 'delivered' ? 'ok' : outcome === 'pending' ? 'plain' : 'bad');
  const rows = table(
    'Forwarded messages, newest first',
    [
      { header: 'Received', cell: (r) => time(r.received_at) },
      { header: 'To', cell: (r) => `<code>${e(r.recipient)}</code>` },
      { header: 'From', cell: (r) => e(r.original_from ?? r.envelope_from) },
      { header: 'Subject', cell: (r) => e(r.subject ?? '') },
      { header: 'Outcome', cell: (r) => `${badge(r.outcome, tone(r.outcome))}${r.error ? `<br><span class="muted">${e(r.error)}</span>` : ''}` },
    ],
    page.entries,
    'Nothing forwarded yet.',
  );
  const older = page.next ? `<p><a href="${href(view, `/mail/forwards/${encodeURIComponent(forward.id)}?cursor=${encodeURIComponent(page.next)}`)}">Older</a></p>` : '';
  const remove = page.canWrite
    ? `<section class="card"><p>Deleting stops forwarding: mail to the address is refused from then on, and this log goes with it.</p>${buttonForm(view, href(view, `/mail/forwards/${encodeURIComponent(forward.id)}/delete`), 'Delete forward', { danger: true })}</section>`
    : '';
  return consolePage(view, `Forward ${forward.from}`, 'mail-forwards', `<p><a href="${href(view, '/mail/forwards')}">← All forwards</a></p>
<section class="card"><p><code>${e(forward.from)}</code> → <code>${e(forward.to)}</code></p></section>
<section class="card" aria-labelledby="log-title"><h2 id="log-title">Log</h2>${rows}\n${older}</section>
${remove}`);
}
