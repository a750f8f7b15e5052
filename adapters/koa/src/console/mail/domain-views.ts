import { escapeHtml as e } from '../../http/html.ts';
import type { mailDomainView } from '../../apis/mail/domain-views.ts';
import { buttonForm, choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type DomainRow = ReturnType<typeof mailDomainView>;

const tone = (status: string) => (status === 'verified' ? 'ok' : status === 'failed' || status === 'missing' ? 'bad' : 'plain');
const domainPath = (domain: Pick<DomainRow, 'id'>, rest = '') => `/mail/domains/${encodeURIComponent(domain.id)}${rest}`;

export function mailDomainsView(view: ViewContext, page: { domains: readonly DomainRow[]; canWrite: boolean; values?: { name: string }; errors?: FormErrors }): string {
  const errors = page.errors ?? NO_ERRORS;
  const rows = table(
    'Sending domains',
    [
      { header: 'Domain', cell: (d) => `<a href="${href(view, domainPath(d))}">${e(d.name)}</a>` },
      { header: 'Status', cell: (d) => badge(d.status, tone(d.status)) },
      { header: 'Region', cell: (d) => e(d.region) },
      { header: 'Last checked', cell: (d) => time(d.checked_at) },
    ],
    page.domains,
    'No domains yet: add the one you send from.',
  );
  const add = page.canWrite
    ? `<section class="card" aria-labelledby="add-title"><h2 id="add-title">Add a domain</h2>
${form(view, href(view, '/mail/domains'), field({ name: 'name', label: 'Domain', value: page.values?.name, required: true, hint: 'example.com, or a subdomain such as mail.example.com.' }, errors), 'Add domain', errors)}
</section>`
    : '';
  return consolePage(view, 'Mail domains', 'mail-domains', `<section class="card">${rows}</section>\n${add}`);
}

/** The records to publish, each value with a copy button; what the last check found beside it. */
function recordsTable(domain: DomainRow): string {
  return table(
    `DNS records to publish for ${domain.name}`,
    [
      { header: 'Record', cell: (r) => `${e(r.record)}${r.required ? '' : ' <span class="muted">(recommended)</span>'}` },
      { header: 'Type', cell: (r) => e(r.type) },
      { header: 'Name', cell: (r) => `<code>${e(r.name)}</code>` },
      {
        header: 'Value',
        cell: (r) => {
          const id = `record-${r.record}-${r.type}`.toLowerCase();
          return `<code id="${e(id)}">${e(r.value)}</code>${r.priority !== null ? ` <span class="muted">priority ${r.priority}</span>` : ''}<br><button type="button" class="secondary" data-copy="${e(id)}" aria-label="Copy the ${e(r.record)} value">Copy</button>`;
        },
      },
      { header: 'Status', cell: (r) => badge(r.status, tone(r.status)) },
    ],
    domain.records,
    'No records.',
  );
}

export function mailDomainDetailView(view: ViewContext, page: { domain: DomainRow; canWrite: boolean; errors?: FormErrors }): string {
  const { domain } = page;
  const errors = page.errors ?? NO_ERRORS;
  const verify = page.canWrite
    ? `${errors.form ? `<p class="alert" role="alert">${e(errors.form)}</p>` : ''}${buttonForm(view, href(view, domainPath(domain, '/verify')), 'Verify DNS records')}`
    : '';
  const tracking = page.canWrite
    ? `<section class="card" aria-labelledby="tracking-title"><h2 id="tracking-title">Tracking</h2>
${form(
  view,
  href(view, domainPath(domain, '/tracking')),
  choices({ name: 'tracking', legend: 'Track', type: 'checkbox', options: [
    { value: 'open', label: 'Opens (a pixel in HTML emails)', checked: domain.open_tracking },
    { value: 'click', label: 'Clicks (links rewritten through us)', checked: domain.click_tracking },
  ] }),
  'Save tracking',
)}
<h2>Delete</h2>
${buttonForm(view, href(view, domainPath(domain, '/delete')), 'Delete domain', { danger: true, accessibleName: `Delete domain ${domain.name}` })}
</section>`
    : '';
  return consolePage(view, domain.name, 'mail-domains', `<p><a href="${href(view, '/mail/domains')}">← All domains</a></p>
<section class="card" aria-labelledby="dns-title"><h2 id="dns-title">DNS records</h2>
<p>Status: <span id="domain-status">${badge(domain.status, tone(domain.status))}</span> · last checked ${time(domain.checked_at)}</p>
<p>Publish these records at your DNS provider, then verify. The required ones verify the domain; the others help your mail reach inboxes.</p>
${recordsTable(domain)}
${verify}
</section>
${tracking}`);
}
