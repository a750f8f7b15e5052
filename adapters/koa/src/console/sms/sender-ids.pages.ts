import { unwrap } from '../../http/unwrap.ts';
import { senderIdView } from '../../apis/sms/sender-id-views.ts';
import type { SenderIdUseCases } from '../../apis/sms/sender-ids.routes.ts';
import { fieldRefusal, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { senderIdsView, type SenderIdValues } from './sender-id-views.ts';
import { href } from '../layout/view-context.ts';

/** SMS › Sender IDs: the account's requests and their status; builders request one (reviewed by the operator, charged on approval); the `/api/sender-ids` use cases. */
export function senderIdPages(useCases: SenderIdUseCases): ConsolePage[] {
  const render = async (request: MemberRequest, status: number, extra: { values?: SenderIdValues; errors?: Parameters<typeof senderIdsView>[2]['errors'] } = {}) => {
    const senderIds = unwrap(await useCases.listSenderIds.execute({ accountId: request.member.accountId })).map(senderIdView);
    return html(status, senderIdsView(request.view, senderIds, { canRequest: BUILDERS.includes(request.member.role), ...extra }));
  };
  return [
    { method: 'get', path: '/sms/sender-ids', visitor: 'member', section: 'sms-sender-ids', handle: (request) => render(request, 200) },
    {
      method: 'post',
      path: '/sms/sender-ids',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const values: SenderIdValues = { name: (request.form.get('name') ?? '').trim(), countries: request.form.get('countries') ?? '', use_case: (request.form.get('use_case') ?? '').trim() };
        if (!values.name) return render(request, 422, { values, errors: fieldRefusal('name', 'Enter the sender ID').errors });
        const countries = values.countries.split(/[\s,;]+/).filter((country) => country !== '');
        const requested = await useCases.requestSenderId.execute({ accountId: request.member.accountId, name: values.name, countries, useCase: values.use_case || null });
        if (requested.isErr()) {
          const { status, errors } = refusal(requested.error, { useCase: 'use_case' });
          return render(request, status, { values, errors });
        }
        request.session.flash({ kind: 'info', text: `Sender ID ${requested.value.request.name} requested: the operator reviews it.` });
        return redirect(href(request.view, '/sms/sender-ids'));
      },
    },
  ];
}
