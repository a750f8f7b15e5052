import { unwrap } from '../../http/unwrap.ts';
import { optOutView, type OptOutUseCases } from '../../apis/sms/opt-outs.routes.ts';
import { refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { optOutsView } from './opt-out-views.ts';
import { href } from '../layout/view-context.ts';

/** SMS › Opt-outs: the account's STOP list (live sends to these numbers are refused), added to and removed from by builders; the `/api/opt-outs` use cases. */
export function optOutPages(useCases: OptOutUseCases): ConsolePage[] {
  const render = async (request: MemberRequest, status: number, extra: { phone?: string; errors?: Parameters<typeof optOutsView>[2]['errors'] } = {}) => {
    const optOuts = unwrap(await useCases.listOptOuts.execute({ accountId: request.member.accountId })).map(optOutView);
    return html(status, optOutsView(request.view, optOuts, { canWrite: BUILDERS.includes(request.member.role), ...extra }));
  };
  return [
    { method: 'get', path: '/sms/opt-outs', visitor: 'member', section: 'sms-opt-outs', handle: (request) => render(request, 200) },
    {
      method: 'post',
      path: '/sms/opt-outs',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const phone = (request.form.get('phone') ?? '').trim();
        const added = await useCases.addOptOut.execute({ accountId: request.member.accountId, phone });
        if (added.isErr()) {
          const { status, errors } = refusal(added.error);
          return render(request, status, { phone, errors });
        }
        request.session.flash({ kind: 'info', text: `${added.value.optOut.phone} is on the opt-out list.` });
        return redirect(href(request.view, '/sms/opt-outs'));
      },
    },
    {
      method: 'post',
      path: '/sms/opt-outs/:phone/remove',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const removed = await useCases.removeOptOut.execute({ accountId: request.member.accountId, phone: request.params.phone! });
        if (removed.isErr()) {
          const { status, errors } = refusal(removed.error);
          return render(request, status, { errors: { fields: {}, form: errors.form ?? Object.values(errors.fields).join(' ') } });
        }
        request.session.flash({ kind: 'info', text: `${removed.value.phone} may receive live messages again.` });
        return redirect(href(request.view, '/sms/opt-outs'));
      },
    },
  ];
}
