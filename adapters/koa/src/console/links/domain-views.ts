import { BrandedDomain, type BrandedDomainSnapshot } from '@tuma/links';
import { escapeHtml as e } from '../../http/html.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

const domainPath = (d: Pick<BrandedDomainSnapshot, 'id'>, rest = '') => `/links/domains/${encodeURIComponent(d.id)}${rest}`;
const statusOf = (d: BrandedDomainSnapshot) => (d.verified ? badge('verified', 'ok') : badge('pending'));
const tlsOf = (d: BrandedDomainSnapshot) => (d.tlsReady ? badge('TLS ready', 'ok') : badge(d.verified ? 'TLS pending' : 'no TLS yet'));

export function linkDomainsView(view: ViewContext, page: { domains: readonly BrandedDomainSnapshot[]; canWrite: boolean; values?: { hostname: string }; errors?: FormErrors }): string {
  const errors = page.errors ?? NO_ERRORS;
  const rows = table(
    'Branded domains',
    [
      { header: 'Hostname', cell: (d) => `<a href="${href(view, domainPath(d))}">${e(d.hostname)}</a>` },
      { header: 'Status', cell: statusOf },
      { header: 'TLS', cell: tlsOf },
      { header: 'Added', cell: (d) => time(d.createdAt) },
    ],
    page.domains,
    'No branded domains yet.',
  );
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="create-title"><h2 id="create-title">Add a branded domain</h2>
<p class="muted">Short links on your own hostname (https://go.example.com/slug): you publish a TXT record to prove it is yours, and point the hostname at our short-link host.</p>
${form(view, href(view, '/links/domains'), field({ name: 'hostname', label: 'Hostname', value: page.values?.hostname, required: true, hint: 'A bare hostname, e.g. go.example.com.' }, errors), 'Add domain', errors)}
</section>`
    : '';
  return consolePage(view, 'Branded domains', 'links-domains', `<section class="card">${rows}</section>\n${create}`);
}

/** One domain: the TXT record to publish (while pending), Verify, TLS, delete with its links. */
export function linkDomainView(view: ViewContext, page: { domain: BrandedDomainSnapshot; canWrite: boolean }): string {
  const { domain } = page;
  const record = BrandedDomain.rehydrate(domain);
  const txt = domain.verified
    ? `<p>Verified${domain.verifiedAt ? ` ${time(domain.verifiedAt)}` : ''}: links may use it.${domain.tlsReady ? '' : ' Its certificate is not served yet: Verify again to check.'}</p>`
    : `<p>Publish this TXT record at your DNS provider, then verify:</p>
<table><caption>The record to publish</caption><thead><tr><th scope="col">Type</th><th scope="col">Name</th><th scope="col">Value</th></tr></thead>
<tbody><tr><td>TXT</td><td><code id="txt-name">${e(record.recordHost)}</code> <button type="button" class="secondary" data-copy="txt-name" aria-label="Copy the record name">Copy</button></td>
<td><code id="txt-value">${e(domain.verifyToken)}</code> <button type="button" class="secondary" data-copy="txt-value" aria-label="Copy the record value">Copy</button></td></tr></tbody></table>`;
  const actions = page.canWrite
    ? `<p class="actions">${buttonForm(view, href(view, domainPath(domain, '/verify')), domain.verified ? 'Verify again' : 'Verify')}</p>`
    : '';
  const remove = page.canWrite
    ? `<section class="card" aria-labelledby="delete-title"><h2 id="delete-title">Delete</h2>
<p class="alert">Deleting the domain deletes <strong>every link on it</strong>, live and test: their short URLs answer 404 from then on.</p>
${buttonForm(view, href(view, domainPath(domain, '/delete')), 'Delete domain and its links', { danger: true })}</section>`
    : '';
  return consolePage(view, domain.hostname, 'links-domains', `<p><a href="${href(view, '/links/domains')}">← All branded domains</a></p>
<section class="card"><p>Status: <span id="domain-status">${domain.verified ? 'verified' : 'pending'}</span> · <span id="domain-tls">${domain.tlsReady ? 'TLS ready' : 'TLS not ready'}</span></p>
${txt}
${actions}</section>
${remove}`);
}
