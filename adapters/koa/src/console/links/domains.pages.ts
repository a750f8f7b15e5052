import type { LinksService } from '@tuma/links';
import { unwrap } from '../../http/unwrap.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import type { FormErrors } from '../layout/form.ts';
import { linkDomainsView, linkDomainView } from './domain-views.ts';
import { href } from '../layout/view-context.ts';
import { linkDomainBody } from '../../apis/links/domains.routes.ts';

export type LinkDomainPageUseCases = Pick<LinksService, 'addBrandedDomain' | 'listBrandedDomains' | 'getBrandedDomain' | 'verifyBrandedDomain' | 'deleteBrandedDomain'>;

/** Links › Branded domains: branded domains added (the plan's refusal said), their TXT record to copy, verified against DNS, deleted with their links; the `/v1/domains` use cases. */
export function linkDomainPages(useCases: LinkDomainPageUseCases): ConsolePage[] {
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const ids = (request: MemberRequest) => ({ accountId: request.member.accountId, id: request.params.id! });
  const back = (request: MemberRequest) => redirect(href(request.view, `/links/domains/${encodeURIComponent(request.params.id!)}`));
  const renderList = async (request: MemberRequest, status: number, values?: { hostname: string }, errors?: FormErrors) => {
    const domains = unwrap(await useCases.listBrandedDomains.execute(request.member.accountId));
    return html(status, linkDomainsView(request.view, { domains, canWrite: canWrite(request), ...(values ? { values } : {}), ...(errors ? { errors } : {}) }));
  };
  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  return [
    page('get', '/links/domains', (request) => renderList(request, 200), { section: 'links-domains' }),
    page(
      'post',
      '/links/domains',
      async (request) => {
        const values = { hostname: (request.form.get('hostname') ?? '').trim() };
        const checked = checkedBy(linkDomainBody, values);
        if (!checked.ok) return renderList(request, checked.status, values, checked.errors);
        const added = await useCases.addBrandedDomain.execute({ accountId: request.member.accountId, hostname: checked.value.hostname });
        if (added.isErr()) {
          const { status, errors } = refusal(added.error);
          // The plan's refusals (no branded domains, the domains held) are said above the form, as the API's message.
          return renderList(request, status, values, errors);
        }
        return redirect(href(request.view, `/links/domains/${encodeURIComponent(added.value.id)}`));
      },
      { roles: BUILDERS },
    ),
    page('get', '/links/domains/:id', async (request) => {
      const domain = unwrap(await useCases.getBrandedDomain.execute(ids(request)));
      return html(200, linkDomainView(request.view, { domain, canWrite: canWrite(request) }));
    }),
    page(
      'post',
      '/links/domains/:id/verify',
      async (request) => {
        const verified = await useCases.verifyBrandedDomain.execute(ids(request));
        if (verified.isErr()) {
          if (verified.error.type === 'not_found') unwrap(verified);
          request.session.flash({ kind: 'error', text: verified.error.message });
          return back(request);
        }
        const domain = verified.value;
        request.session.flash({ kind: 'info', text: `${domain.hostname} is verified${domain.tlsReady ? ' and its certificate is served' : ': its certificate is asked for (Verify again to check)'}.` });
        return back(request);
      },
      { roles: BUILDERS },
    ),
    page(
      'post',
      '/links/domains/:id/delete',
      async (request) => {
        unwrap(await useCases.deleteBrandedDomain.execute(ids(request)));
        request.session.flash({ kind: 'info', text: 'Domain deleted, with its links: their short URLs answer 404 from now on.' });
        return redirect(href(request.view, '/links/domains'));
      },
      { roles: BUILDERS },
    ),
  ];
}
