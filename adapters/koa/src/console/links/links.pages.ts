import { ANALYTICS_DAYS, type LinksService } from '@tuma/links';
import { isAppError, toHttpError } from '../../http/domain-error-status.ts';
import { unwrap } from '../../http/unwrap.ts';
import { createLinkBody, linkFieldsOf, linkView, updateLinkBody } from '../../apis/links/link-views.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import { dateTimeFieldAsIso } from '../layout/date-time-field.ts';
import { environmentIn } from '../layout/environment.ts';
import type { FormErrors } from '../layout/form.ts';
import { ANALYTICS_WINDOWS, linkDetailView, linksView, UTM_FIELDS, type LinkAnalytics, type LinkValues } from './link-views.ts';
import { href } from '../layout/view-context.ts';

export type LinkPageUseCases = Pick<LinksService, 'createLink' | 'updateLink' | 'getLink' | 'listLinks' | 'deleteLink' | 'shortUrlOf' | 'getLinkAnalytics' | 'listCampaigns' | 'listBrandedDomains'>;

/** The newest links the list shows. */
const LIST_SIZE = 50;

const valuesOf = (form: URLSearchParams): LinkValues => ({
  url: (form.get('url') ?? '').trim(),
  slug: (form.get('slug') ?? '').trim(),
  title: (form.get('title') ?? '').trim(),
  campaign_id: form.get('campaign_id') ?? '',
  tags: form.get('tags') ?? '',
  expires_at: dateTimeFieldAsIso((form.get('expires_at') ?? '').trim()),
  expired_url: (form.get('expired_url') ?? '').trim(),
  domain_id: form.get('domain_id') ?? '',
  utm_source: form.get('utm_source') ?? '',
  utm_medium: form.get('utm_medium') ?? '',
  utm_campaign: form.get('utm_campaign') ?? '',
  utm_term: form.get('utm_term') ?? '',
  utm_content: form.get('utm_content') ?? '',
});

/** The UTM fields as the API's `utm` object: a blank one is none (null). */
const utmOf = (values: LinkValues) => Object.fromEntries(UTM_FIELDS.map((name) => [name, values[`utm_${name}`].trim() || null]));

const tagsOf = (text: string) => text.split(',').map((tag) => tag.trim()).filter(Boolean);

/** The analytics window a request asks for: one of the offered ones, else the API's default. */
const daysOf = (query: URLSearchParams): number => {
  const days = Number(query.get('days'));
  return (ANALYTICS_WINDOWS as readonly number[]).includes(days) ? days : ANALYTICS_DAYS.default;
};

/** Links: the account's short links per environment, created, edited and deleted, and a link's analytics charted; the links API's use cases. */
export function linkPages(useCases: LinkPageUseCases): ConsolePage[] {
  const owner = (request: MemberRequest) => ({ accountId: request.member.accountId, environment: environmentIn(request.form, request.query) });
  const toView = async (link: Parameters<typeof linkView>[0]) => ({ ...linkView(link, await useCases.shortUrlOf(link)), expired_url: link.expiredUrl, utm: { ...link.utm } as Record<(typeof UTM_FIELDS)[number], string | null | undefined> });
  /** The account's verified branded domains, offered to a new link. */
  const domains = async (request: MemberRequest) =>
    unwrap(await useCases.listBrandedDomains.execute(request.member.accountId))
      .filter((d) => d.verified)
      .map((d) => ({ id: d.id, hostname: d.hostname }));
  const campaigns = async (request: MemberRequest) => unwrap(await useCases.listCampaigns.execute(owner(request))).map((c) => ({ id: c.id, name: c.name }));
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);

  const renderList = async (request: MemberRequest, status: number, form: { values?: LinkValues; errors?: FormErrors } = {}) => {
    const q = (request.query.get('q') ?? '').trim().slice(0, 200);
    const links = await Promise.all(unwrap(await useCases.listLinks.execute({ ...owner(request), limit: LIST_SIZE, offset: 0, ...(q ? { q } : {}) })).map(toView));
    return html(status, linksView(request.view, { environment: owner(request).environment, links, campaigns: await campaigns(request), domains: await domains(request), q, canWrite: canWrite(request), ...form }));
  };

  const analyticsOf = async (request: MemberRequest, linkId: string): Promise<LinkAnalytics> => {
    const days = daysOf(request.query);
    const found = await useCases.getLinkAnalytics.execute({ ...owner(request), linkId, days });
    // A window past the plan's is said in place of the charts; anything else is the page's error.
    if (found.isErr() && found.error.type === 'plan_feature_unavailable' && isAppError(found.error)) return { days, refused: toHttpError(found.error).message };
    const a = unwrap(found);
    return { days, totals: a.totals, timeline: a.timeline, byCountry: a.byCountry, byDevice: a.byDevice, byBrowser: a.byBrowser, byReferrer: a.byReferrer };
  };

  const renderLink = async (request: MemberRequest, status: number, form: { values?: LinkValues; errors?: FormErrors } = {}) => {
    const link = await toView(unwrap(await useCases.getLink.execute({ ...owner(request), id: request.params.id! })));
    const page = { environment: owner(request).environment, link, campaigns: await campaigns(request), analytics: await analyticsOf(request, link.id), canWrite: canWrite(request), ...form };
    return html(status, linkDetailView(request.view, page));
  };

  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  return [
    page('get', '/links', (request) => renderList(request, 200), { section: 'links' }),
    page(
      'post',
      '/links',
      async (request) => {
        const values = valuesOf(request.form);
        const password = request.form.get('password') ?? '';
        const optional = (value: string) => (value ? value : undefined);
        const checked = checkedBy(createLinkBody, {
          url: values.url,
          slug: optional(values.slug),
          title: optional(values.title),
          campaign_id: optional(values.campaign_id),
          tags: tagsOf(values.tags),
          expires_at: optional(values.expires_at),
          expired_url: optional(values.expired_url),
          domain_id: optional(values.domain_id),
          utm: utmOf(values),
          password: optional(password),
        });
        if (!checked.ok) return renderList(request, checked.status, { values, errors: checked.errors });
        const created = await useCases.createLink.execute({ ...owner(request), ...linkFieldsOf(checked.value), url: checked.value.url, domainId: checked.value.domain_id ?? null });
        if (created.isErr()) return renderList(request, refusal(created.error).status, { values, errors: refusal(created.error).errors });
        const { link } = created.value;
        request.session.flash({ kind: 'info', text: `Link ${await useCases.shortUrlOf(link)} created.` });
        return redirect(href(request.view, `/links/${encodeURIComponent(link.id)}?environment=${owner(request).environment}`));
      },
      { roles: BUILDERS },
    ),
    page('get', '/links/:id', (request) => renderLink(request, 200)),
    page(
      'post',
      '/links/:id',
      async (request) => {
        const values = valuesOf(request.form);
        const password = request.form.get('password') ?? '';
        const checked = checkedBy(updateLinkBody, {
          url: values.url,
          slug: values.slug,
          title: values.title || null,
          campaign_id: values.campaign_id || null,
          tags: tagsOf(values.tags),
          expires_at: values.expires_at || null,
          expired_url: values.expired_url || null,
          utm: utmOf(values),
          // An empty password field keeps the one the link has; the box removes it.
          ...(request.form.get('remove_password') === 'on' ? { password: null } : password ? { password } : {}),
        });
        if (!checked.ok) return renderLink(request, checked.status, { values, errors: checked.errors });
        const updated = await useCases.updateLink.execute({ ...owner(request), ...linkFieldsOf(checked.value), id: request.params.id! });
        if (updated.isErr()) {
          if (updated.error.type === 'not_found') unwrap(updated);
          const { status, errors } = refusal(updated.error);
          return renderLink(request, status, { values, errors });
        }
        request.session.flash({ kind: 'info', text: 'Link saved.' });
        return redirect(href(request.view, `/links/${encodeURIComponent(updated.value.id)}?environment=${owner(request).environment}`));
      },
      { roles: BUILDERS },
    ),
    page(
      'post',
      '/links/:id/delete',
      async (request) => {
        unwrap(await useCases.deleteLink.execute({ ...owner(request), id: request.params.id! }));
        request.session.flash({ kind: 'info', text: 'Link deleted: its short URL answers 404 from now on.' });
        return redirect(href(request.view, `/links?environment=${owner(request).environment}`));
      },
      { roles: BUILDERS },
    ),
  ];
}
