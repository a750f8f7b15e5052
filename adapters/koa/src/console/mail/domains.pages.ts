import type { MailService } from '@tuma/mail';
import { unwrap } from '../../http/unwrap.ts';
import { mailDomainView } from '../../apis/mail/domain-views.ts';
import { mailDomainBody } from '../../apis/mail/domains.routes.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import { mailDomainDetailView, mailDomainsView } from './domain-views.ts';
import { href } from '../layout/view-context.ts';

export type MailDomainPageUseCases = Pick<MailService, 'addDomain' | 'listDomains' | 'getDomain' | 'verifyDomain' | 'updateDomainTracking' | 'deleteDomain'>;

/** Mail › Domains: added, their DNS records to copy, verified against DNS, tracking flags, deleted; the mail API's domain use cases. */
export function mailDomainPages(mail: MailDomainPageUseCases): ConsolePage[] {
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const ids = (request: MemberRequest) => ({ accountId: request.member.accountId, domainId: request.params.id! });
  const renderList = async (request: MemberRequest, status: number, values?: { name: string }, errors?: Parameters<typeof mailDomainsView>[1]['errors']) => {
    const domains = unwrap(await mail.listDomains.execute(request.member.accountId)).map(mailDomainView);
    return html(status, mailDomainsView(request.view, { domains, canWrite: canWrite(request), ...(values ? { values } : {}), ...(errors ? { errors } : {}) }));
  };
  const back = (request: MemberRequest) => redirect(href(request.view, `/mail/domains/${encodeURIComponent(request.params.id!)}`));
  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  return [
    page('get', '/mail/domains', (request) => renderList(request, 200), { section: 'mail-domains' }),
    page(
      'post',
      '/mail/domains',
      async (request) => {
        const values = { name: (request.form.get('name') ?? '').trim() };
        const checked = checkedBy(mailDomainBody, values);
        if (!checked.ok) return renderList(request, checked.status, values, checked.errors);
        const added = await mail.addDomain.execute({ accountId: request.member.accountId, name: checked.value.name });
        if (added.isErr()) {
          const { status, errors } = refusal(added.error);
          return renderList(request, status, values, errors);
        }
        return redirect(href(request.view, `/mail/domains/${encodeURIComponent(added.value.id)}`));
      },
      { roles: BUILDERS },
    ),
    page('get', '/mail/domains/:id', async (request) => {
      const domain = mailDomainView(unwrap(await mail.getDomain.execute(ids(request))));
      return html(200, mailDomainDetailView(request.view, { domain, canWrite: canWrite(request) }));
    }),
    page(
      'post',
      '/mail/domains/:id/verify',
      async (request) => {
        const verified = await mail.verifyDomain.execute(ids(request));
        if (verified.isErr() && verified.error.type !== 'not_found') {
          request.session.flash({ kind: 'error', text: refusal(verified.error).errors.form ?? 'The domain could not be checked.' });
          return back(request);
        }
        const domain = mailDomainView(unwrap(verified));
        request.session.flash(
          domain.status === 'verified'
            ? { kind: 'info', text: `${domain.name} is verified: you can send from it.` }
            : { kind: 'error', text: `${domain.name} is not verified yet: the records marked missing or failed are not published as shown (DNS changes can take a while).` },
        );
        return back(request);
      },
      { roles: BUILDERS },
    ),
    page(
      'post',
      '/mail/domains/:id/tracking',
      async (request) => {
        const tracked = request.form.getAll('tracking');
        unwrap(await mail.updateDomainTracking.execute({ ...ids(request), openTracking: tracked.includes('open'), clickTracking: tracked.includes('click') }));
        request.session.flash({ kind: 'info', text: 'Tracking saved.' });
        return back(request);
      },
      { roles: BUILDERS },
    ),
    page(
      'post',
      '/mail/domains/:id/delete',
      async (request) => {
        unwrap(await mail.deleteDomain.execute(ids(request)));
        request.session.flash({ kind: 'info', text: 'Domain deleted.' });
        return redirect(href(request.view, '/mail/domains'));
      },
      { roles: BUILDERS },
    ),
  ];
}
