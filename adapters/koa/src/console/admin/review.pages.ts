import type { ListFxRates, SetFxRate } from '@tuma/billing';
import type { DomainError, Result } from '@tuma/kernel';
import type { ApproveSenderId, RejectSenderId, ReviewSenderIds } from '@tuma/messaging';
import type { TwoWay } from '@tuma/two-way';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { fxRateView } from '../../apis/admin/fx-rates.routes.ts';
import type { MailOutbox } from '../../apis/admin/outbox.routes.ts';
import { adminSenderIdView } from '../../apis/sms/sender-id-views.ts';
import { adminTwoWayServiceView } from '../../apis/two-way/two-way-views.ts';
import { refusal } from '../form-errors.ts';
import { html, redirect, type ConsolePage, type OperatorPage, type OperatorRequest } from '../page.ts';
import { approvalsView, fxRatesView, outboxView } from './review-views.ts';
import { href } from '../layout/view-context.ts';

export interface OperatorReviewUseCases {
  readonly reviewSenderIds: ReviewSenderIds;
  readonly approveSenderId: ApproveSenderId;
  readonly rejectSenderId: RejectSenderId;
  readonly twoWay: Pick<TwoWay, 'reviewServices' | 'approveService' | 'rejectService'>;
  readonly listFxRates: ListFxRates;
  readonly setFxRate: SetFxRate;
  readonly outbox: MailOutbox;
}

/** The requests waiting, as many as one page shows. */
const QUEUE_SIZE = 50;
const OUTBOX_SIZE = 50;

/** A request id of the path: a positive whole number, else no such page. */
const idOf = (request: OperatorRequest): number => {
  const id = Number(request.params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, 'not_found', 'There is no such request.');
  return id;
};

/** Operator › Approvals (sender IDs and two-way services approved or rejected with a reason), FX rates and the outbox; the operator API's use cases. */
export function operatorReviewPages(useCases: OperatorReviewUseCases): ConsolePage[] {
  const page = (method: 'get' | 'post', path: string, handle: OperatorPage['handle'], section?: OperatorPage['section']): OperatorPage => ({ method, path, visitor: 'operator', handle, ...(section ? { section } : {}) });
  const approvals = (request: OperatorRequest) => href(request.view, '/operator/approvals');
  /** A decision's outcome as a message on the approvals page (a refusal says why, the request stays as it was). */
  const decided = (request: OperatorRequest, result: Result<unknown, DomainError>, done: string) => {
    if (result.isErr() && result.error.type === 'not_found') unwrap(result);
    request.session.flash(result.isOk() ? { kind: 'info', text: done } : { kind: 'error', text: refusal(result.error).errors.form ?? Object.values(refusal(result.error).errors.fields).join(' ') });
    return redirect(approvals(request));
  };
  const reasonOf = (request: OperatorRequest) => (request.form.get('reason') ?? '').trim();

  return [
    page(
      'get',
      '/operator/approvals',
      async (request) => {
        const senderIds = unwrap(await useCases.reviewSenderIds.execute({ status: 'pending', page: 0, limit: QUEUE_SIZE })).items.map(adminSenderIdView);
        const services = unwrap(await useCases.twoWay.reviewServices.execute({ status: 'pending', page: 0, limit: QUEUE_SIZE })).services.map(adminTwoWayServiceView);
        return html(200, approvalsView(request.view, { senderIds, services }));
      },
      'operator-approvals',
    ),
    page('post', '/operator/approvals/sender-ids/:id/approve', async (request) =>
      decided(request, await useCases.approveSenderId.execute({ id: idOf(request) }), 'Sender ID approved: its fee is charged.'),
    ),
    page('post', '/operator/approvals/sender-ids/:id/reject', async (request) =>
      decided(request, await useCases.rejectSenderId.execute({ id: idOf(request), reason: reasonOf(request) }), 'Sender ID rejected: the customer sees the reason.'),
    ),
    page('post', '/operator/approvals/two-way/:id/approve', async (request) => {
      const number = (request.form.get('number') ?? '').trim();
      return decided(request, await useCases.twoWay.approveService.execute({ id: idOf(request), number: number || null }), 'Service approved: its fees are charged and its short code assigned.');
    }),
    page('post', '/operator/approvals/two-way/:id/reject', async (request) =>
      decided(request, await useCases.twoWay.rejectService.execute({ id: idOf(request), reason: reasonOf(request) }), 'Service rejected: its keyword is free again, nothing was charged.'),
    ),
    page('get', '/operator/fx-rates', async (request) => html(200, fxRatesView(request.view, { rates: unwrap(await useCases.listFxRates.execute()).map(fxRateView) })), 'operator-fx'),
    page('post', '/operator/fx-rates', async (request) => {
      const values = { from: (request.form.get('from') ?? '').trim().toUpperCase(), to: (request.form.get('to') ?? '').trim().toUpperCase(), rate: (request.form.get('rate') ?? '').trim() };
      const set = await useCases.setFxRate.execute({ ...values, updatedBy: `console:${request.view.user?.email ?? request.member.userId}` });
      if (set.isErr()) {
        const { status, errors } = refusal(set.error);
        return html(status, fxRatesView(request.view, { rates: unwrap(await useCases.listFxRates.execute()).map(fxRateView), values, errors }));
      }
      request.session.flash({ kind: 'info', text: `1 ${set.value.from} = ${set.value.rate} ${set.value.to} from now on.` });
      return redirect(href(request.view, '/operator/fx-rates'));
    }),
    page(
      'get',
      '/operator/outbox',
      async (request) => {
        const to = (request.query.get('to') ?? '').trim().toLowerCase().slice(0, 254);
        const mails = await useCases.outbox.list({ ...(to ? { to } : {}), limit: OUTBOX_SIZE });
        return html(200, outboxView(request.view, { to, mails: mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, created_at: m.createdAt.toISOString() })) }));
      },
      'operator-outbox',
    ),
  ];
}
