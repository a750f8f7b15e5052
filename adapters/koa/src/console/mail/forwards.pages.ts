import type { MailService } from '@tuma/mail';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { forwardLogEntryView, forwardView } from '../../apis/mail/forward-views.ts';
import { forwardBody, type MailForwardUseCases } from '../../apis/mail/forwards.routes.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import type { FormErrors } from '../layout/form.ts';
import { forwardLogView, forwardsView } from './forward-views.ts';
import { href } from '../layout/view-context.ts';

export interface MailForwardPageUseCases {
  readonly forwards: MailForwardUseCases;
  /** The account's domains: the verified ones are named beside the form. */
  readonly listDomains: MailService['listDomains'];
}

const LOG_SIZE = 25;
const FORWARD_ID = /^fwd_[0-9A-Z]{26}$/;
const CURSOR = /^fwl_[0-9A-Z]{26}$/;

/** Mail › Forwards: alias or catch-all of a verified domain → an address, listed, deleted, each one's log; the `/v1/forwards` use cases (docs/mail.md, "Forwards"). */
export function mailForwardPages({ forwards, listDomains }: MailForwardPageUseCases): ConsolePage[] {
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const account = (request: MemberRequest) => request.member.accountId;
  const idOf = (request: MemberRequest) => {
    const id = request.params.id ?? '';
    if (!FORWARD_ID.test(id)) throw new HttpError(404, 'not_found', 'There is no such forward in this account.');
    return id;
  };
  const render = async (request: MemberRequest, status: number, values?: { from: string; to: string }, errors?: FormErrors) => {
    const list = unwrap(await forwards.listForwards.execute(account(request))).map(forwardView);
    const verifiedDomains = unwrap(await listDomains.execute(account(request))).filter((d) => d.status === 'verified').map((d) => d.name);
    return html(status, forwardsView(request.view, { forwards: list, verifiedDomains, canWrite: canWrite(request), ...(values ? { values } : {}), ...(errors ? { errors } : {}) }));
  };
  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  return [
    page('get', '/mail/forwards', (request) => render(request, 200), { section: 'mail-forwards' }),
    page(
      'post',
      '/mail/forwards',
      async (request) => {
        const values = { from: (request.form.get('from') ?? '').trim(), to: (request.form.get('to') ?? '').trim() };
        const checked = checkedBy(forwardBody, values);
        if (!checked.ok) return render(request, checked.status, values, checked.errors);
        const created = await forwards.createForward.execute({ accountId: account(request), from: checked.value.from, to: checked.value.to });
        if (created.isErr()) {
          const { status, errors } = refusal(created.error, { '': 'from' });
          return render(request, status, values, errors);
        }
        request.session.flash({ kind: 'info', text: `Mail to ${values.from} is forwarded to ${values.to}.` });
        return redirect(href(request.view, '/mail/forwards'));
      },
      { roles: BUILDERS },
    ),
    page('get', '/mail/forwards/:id', async (request) => {
      const id = idOf(request);
      const forward = unwrap(await forwards.listForwards.execute(account(request))).find((f) => f.id === id);
      if (!forward) throw new HttpError(404, 'not_found', 'There is no such forward in this account.');
      const cursor = request.query.get('cursor') ?? '';
      const found = unwrap(await forwards.listForwardLog.execute({ accountId: account(request), forwardId: id, after: CURSOR.test(cursor) ? cursor : undefined, limit: LOG_SIZE }));
      return html(200, forwardLogView(request.view, { forward: forwardView(forward), entries: found.items.map(forwardLogEntryView), next: found.next, canWrite: canWrite(request) }));
    }),
    page(
      'post',
      '/mail/forwards/:id/delete',
      async (request) => {
        unwrap(await forwards.deleteForward.execute({ accountId: account(request), id: idOf(request) }));
        request.session.flash({ kind: 'info', text: 'Forward deleted: mail to its address is refused from now on.' });
        return redirect(href(request.view, '/mail/forwards'));
      },
      { roles: BUILDERS },
    ),
  ];
}
