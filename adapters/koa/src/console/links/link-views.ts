import type { KeyEnvironment } from '@tuma/accounts';
import { escapeHtml as e } from '../../http/html.ts';
import type { linkView } from '../../apis/links/link-views.ts';
import { breakdownChart, dayChart } from '../layout/charts.ts';
import { environmentField, environmentSwitch } from '../layout/environment.ts';
import { buttonForm, choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { dateTimeFieldValue } from '../layout/date-time-field.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

/** A link as the API shows it, with the fields its forms edit that the API's view leaves out (expired URL, UTM). */
export type LinkRow = ReturnType<typeof linkView> & { readonly expired_url: string | null; readonly utm: Readonly<Record<UtmField, string | null | undefined>> };

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/** The fields of the link forms, as typed. */
export interface LinkValues {
  readonly url: string;
  readonly slug: string;
  readonly title: string;
  readonly campaign_id: string;
  readonly tags: string;
  /** ISO 8601 with a zone, or empty (never). */
  readonly expires_at: string;
  /** Where a click goes once expired (empty: 410). */
  readonly expired_url: string;
  /** A verified branded domain's id (create only; empty: the default short domain). */
  readonly domain_id: string;
  readonly utm_source: string;
  readonly utm_medium: string;
  readonly utm_campaign: string;
  readonly utm_term: string;
  readonly utm_content: string;
}

/** A verified branded domain a link may be made on. */
export interface DomainOption {
  readonly id: string;
  readonly hostname: string;
}

export interface CampaignOption {
  readonly id: string;
  readonly name: string;
}

/** The analytics the link page charts (the API's `/v1/analytics/{id}` answer), or why there are none. */
export type LinkAnalytics =
  | {
      readonly days: number;
      readonly totals: { readonly clicks: number; readonly uniques: number };
      readonly timeline: readonly { readonly day: string; readonly clicks: number }[];
      readonly byCountry: Readonly<Record<string, number>>;
      readonly byDevice: Readonly<Record<string, number>>;
      readonly byBrowser: Readonly<Record<string, number>>;
      readonly byReferrer: Readonly<Record<string, number>>;
    }
  | { readonly days: number; readonly refused: string };

export const ANALYTICS_WINDOWS = [7, 14, 30, 90] as const;
const ENV_NOTE = "test keys' links are listed apart";
const linkPath = (link: Pick<LinkRow, 'id'>, environment: KeyEnvironment, rest = '') => `/links/${encodeURIComponent(link.id)}${rest}?environment=${environment}`;

function campaignSelect(campaigns: readonly CampaignOption[], selected: string, errors: FormErrors): string {
  const error = errors.fields.campaign_id;
  const options = [`<option value="">None</option>`, ...campaigns.map((c) => `<option value="${e(c.id)}"${c.id === selected ? ' selected' : ''}>${e(c.name)}</option>`)].join('');
  return `<label for="f-campaign_id">Campaign</label>
<select id="f-campaign_id" name="campaign_id"${error ? ' aria-invalid="true" aria-describedby="f-campaign_id-error"' : ''}>${options}</select>${error ? `\n<p class="field-error" id="f-campaign_id-error">${e(error)}</p>` : ''}`;
}

function domainSelect(domains: readonly DomainOption[], selected: string, errors: FormErrors): string {
  const error = errors.fields.domain_id;
  const options = [`<option value="">The default short domain</option>`, ...domains.map((d) => `<option value="${e(d.id)}"${d.id === selected ? ' selected' : ''}>${e(d.hostname)}</option>`)].join('');
  return `<label for="f-domain_id">Domain</label>
<select id="f-domain_id" name="domain_id" aria-describedby="f-domain_id-hint${error ? ' f-domain_id-error' : ''}"${error ? ' aria-invalid="true"' : ''}>${options}</select>
<p class="hint" id="f-domain_id-hint">Your verified branded domains (Links › Branded domains); it cannot be changed later.</p>${error ? `\n<p class="field-error" id="f-domain_id-error">${e(error)}</p>` : ''}`;
}

/** The UTM parameters merged into the destination, in a group of their own. */
const utmFields = (values: LinkValues, errors: FormErrors) => {
  const error = errors.fields.utm;
  return `<fieldset${error ? ' aria-describedby="f-utm-error"' : ''}><legend>UTM parameters (optional)</legend>
<p class="hint">Merged into the destination as utm_source, utm_medium… when a click is redirected.</p>
${UTM_FIELDS.map((name) => field({ name: `utm_${name}`, label: `utm_${name}`, value: values[`utm_${name}`] })).join('\n')}${error ? `\n<p class="field-error" id="f-utm-error">${e(error)}</p>` : ''}
</fieldset>`;
};

/** The fields shared by the create and edit forms; an edited link that has a password may drop it; a new one may be on a branded domain. */
const linkFields = (values: LinkValues, campaigns: readonly CampaignOption[], errors: FormErrors, hasPassword?: boolean, domains?: readonly DomainOption[]) =>
  [
    field({ name: 'url', label: 'Destination URL', type: 'url', value: values.url, required: true, hint: 'http or https; private and internal addresses are refused.' }, errors),
    domains ? domainSelect(domains, values.domain_id, errors) : '',
    field({ name: 'slug', label: 'Slug (optional)', value: values.slug, hint: '1-64 of A-Z a-z 0-9 _ -; 7 random characters when empty.' }, errors),
    field({ name: 'title', label: 'Title (optional)', value: values.title }, errors),
    campaignSelect(campaigns, values.campaign_id, errors),
    field({ name: 'tags', label: 'Tags (optional)', value: values.tags, hint: 'Separated by commas.' }, errors),
    field({ name: 'expires_at', label: 'Expires (optional, UTC)', type: 'datetime-local', value: dateTimeFieldValue(values.expires_at), hint: 'A date and time in UTC; after it a click goes to the expired URL, or gets 410. Empty: never.' }, errors),
    field({ name: 'expired_url', label: 'Expired URL (optional)', type: 'url', value: values.expired_url, hint: 'Where a click goes once the link has expired; empty: 410 Gone.' }, errors),
    utmFields(values, errors),
    field(
      {
        name: 'password',
        label: hasPassword ? 'New password (optional)' : 'Password (optional)',
        type: 'password',
        autocomplete: 'new-password',
        hint: hasPassword ? 'Empty: the current one stays.' : 'Visitors type it before the redirect.',
      },
      errors,
    ),
    hasPassword ? choices({ name: 'remove_password', legend: 'Password', type: 'checkbox', options: [{ value: 'on', label: 'Remove the password' }] }, errors) : '',
  ]
    .filter(Boolean)
    .join('\n');

export const EMPTY_LINK: LinkValues = { url: '', slug: '', title: '', campaign_id: '', tags: '', expires_at: '', expired_url: '', domain_id: '', utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '' };

export function linksView(
  view: ViewContext,
  page: { environment: KeyEnvironment; links: readonly LinkRow[]; campaigns: readonly CampaignOption[]; domains: readonly DomainOption[]; q: string; canWrite: boolean; values?: LinkValues; errors?: FormErrors },
): string {
  const errors = page.errors ?? NO_ERRORS;
  const campaignNames = new Map(page.campaigns.map((c) => [c.id, c.name]));
  const rows = table(
    'Links, newest first',
    [
      { header: 'Short link', cell: (link) => `<a href="${href(view, linkPath(link, page.environment))}">${e(link.short_url)}</a>${link.title ? `<br><span class="muted">${e(link.title)}</span>` : ''}` },
      { header: 'Destination', cell: (link) => `<code>${e(link.url)}</code>` },
      { header: 'Campaign', cell: (link) => (link.campaign_id ? e(campaignNames.get(link.campaign_id) ?? link.campaign_id) : '<span class="muted">none</span>') },
      { header: 'Clicks', cell: (link) => String(link.clicks) },
      { header: 'Created', cell: (link) => time(link.created_at) },
    ],
    page.links,
    page.q ? 'No link matches.' : 'No links yet: create one below.',
  );
  const search = `<form method="get" action="${href(view, '/links')}" role="search" class="actions">${environmentField(page.environment)}
<label for="f-q" class="visually-hidden">Search links</label><input type="text" id="f-q" name="q" value="${e(page.q)}" placeholder="Slug, URL or title">
<button type="submit" class="secondary">Search</button></form>`;
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="create-title"><h2 id="create-title">Create a link</h2>
${form(view, href(view, '/links'), `${environmentField(page.environment)}\n${linkFields(page.values ?? EMPTY_LINK, page.campaigns, errors, undefined, page.domains)}`, 'Create link', errors)}
</section>`
    : '';
  return consolePage(view, 'Links', 'links', `${environmentSwitch(view, '/links', page.environment, ENV_NOTE)}
<section class="card">${search}
${rows}</section>
${create}`);
}

function analyticsPanel(view: ViewContext, link: LinkRow, environment: KeyEnvironment, analytics: LinkAnalytics): string {
  const windows = ANALYTICS_WINDOWS.map((days) =>
    days === analytics.days ? `<strong aria-current="true">${days} days</strong>` : `<a href="${href(view, linkPath(link, environment))}&amp;days=${days}">${days} days</a>`,
  ).join(' · ');
  const body =
    'refused' in analytics
      ? `<p class="alert" role="alert">${e(analytics.refused)}</p>`
      : `<p>${analytics.totals.clicks} clicks, ${analytics.totals.uniques} unique visitors (people only: bots are left out; clicks are counted within seconds).</p>
${dayChart('clicks-by-day', 'Clicks by day (UTC)', analytics.timeline.map((day) => ({ day: day.day, value: day.clicks })))}
<div class="charts">
${breakdownChart('by-country', 'Clicks by country', analytics.byCountry)}
${breakdownChart('by-device', 'Clicks by device', analytics.byDevice)}
${breakdownChart('by-browser', 'Clicks by browser', analytics.byBrowser)}
${breakdownChart('by-referrer', 'Clicks by referrer', analytics.byReferrer)}
</div>`;
  return `<section class="card" aria-labelledby="analytics-title"><h2 id="analytics-title">Analytics</h2>
<p>Window: ${windows}</p>
${body}
</section>`;
}

export function linkDetailView(
  view: ViewContext,
  page: { environment: KeyEnvironment; link: LinkRow; campaigns: readonly CampaignOption[]; analytics: LinkAnalytics; canWrite: boolean; values?: LinkValues; errors?: FormErrors },
): string {
  const { link, environment } = page;
  const errors = page.errors ?? NO_ERRORS;
  const values = page.values ?? {
    url: link.url,
    slug: link.slug,
    title: link.title ?? '',
    campaign_id: link.campaign_id ?? '',
    tags: link.tags.join(', '),
    expires_at: link.expires_at ?? '',
    expired_url: link.expired_url ?? '',
    domain_id: link.domain_id ?? '',
    utm_source: link.utm.source ?? '',
    utm_medium: link.utm.medium ?? '',
    utm_campaign: link.utm.campaign ?? '',
    utm_term: link.utm.term ?? '',
    utm_content: link.utm.content ?? '',
  };
  const summary = `<section class="card"><p>Short link: <a id="short-url" href="${e(link.short_url)}">${e(link.short_url)}</a>
<button type="button" class="secondary" data-copy="short-url">Copy</button></p>
<p>Goes to <code>${e(link.url)}</code> · ${badge(environment)}${link.has_password ? ` ${badge('password')}` : ''}${link.expires_at ? ` · expires ${time(link.expires_at)}` : ''}</p>
<p class="actions"><a class="button secondary" href="${href(view, `/links/qr?environment=${environment}&link_id=${encodeURIComponent(link.id)}`)}">QR codes of this link</a></p></section>`;
  const edit = page.canWrite
    ? `<section class="card" aria-labelledby="edit-title"><h2 id="edit-title">Edit</h2>
${form(view, href(view, linkPath(link, environment)), `${environmentField(environment)}\n${linkFields(values, page.campaigns, errors, link.has_password)}`, 'Save link', errors)}
<h2>Delete</h2><p>Its short URL answers 404 from then on.</p>
${buttonForm(view, href(view, linkPath(link, environment, '/delete')), 'Delete link', { danger: true, accessibleName: `Delete link ${link.slug}` })}
</section>`
    : '';
  return consolePage(view, `Link ${link.slug}`, 'links', `<p><a href="${href(view, `/links?environment=${environment}`)}">← All links</a></p>
${summary}
${analyticsPanel(view, link, environment, page.analytics)}
${edit}`);
}

