import type { TwoWay } from '@tuma/two-way';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { twoWayPatchBody, twoWayReplyBody, twoWayRequestBody } from '../../apis/two-way/two-way.routes.ts';
import { memberAccount, sendRefusal, type ReadAccount } from '../member-account.ts';
import { twoWayMessageView, twoWayPricingEntryView, twoWayServiceView } from '../../apis/two-way/two-way-views.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import type { FormErrors } from '../layout/form.ts';
import { serviceView, servicesView, type ReplyValues, type ServiceRequestValues, type ServiceSettingsValues } from './two-way-views.ts';
import { href } from '../layout/view-context.ts';

export type TwoWayPageUseCases = Pick<TwoWay, 'listPricing' | 'requestService' | 'getService' | 'listServices' | 'updateService' | 'cancelService' | 'listServiceMessages' | 'reply'> & {
  /** The member's account, for the send refusals of a live reply (suspended, address not verified). */
  readonly readAccount: ReadAccount;
};

const MESSAGES = 50;

const idOf = (request: MemberRequest): number => {
  const id = Number(request.params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, 'not_found', 'There is no such service.');
  return id;
};

/** Two-way › Services: requested (pending until an operator approves), their settings, messages and cancellation; the Two-Way API's use cases and body schemas. */
export function twoWayPages(useCases: TwoWayPageUseCases): ConsolePage[] {
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const account = (request: MemberRequest) => request.member.accountId;
  const renderList = async (request: MemberRequest, status: number, values?: ServiceRequestValues, errors?: FormErrors) => {
    const services = unwrap(await useCases.listServices.execute(account(request))).map(twoWayServiceView);
    const pricing = unwrap(await useCases.listPricing.execute()).map(twoWayPricingEntryView);
    return html(status, servicesView(request.view, { services, pricing, canWrite: canWrite(request), ...(values ? { values } : {}), ...(errors ? { errors } : {}) }));
  };
  const renderService = async (request: MemberRequest, status: number, values?: ServiceSettingsValues, errors?: FormErrors, reply?: { values: ReplyValues; errors?: FormErrors }) => {
    const ids = { accountId: account(request), id: idOf(request) };
    const service = twoWayServiceView(unwrap(await useCases.getService.execute(ids)));
    const messages = unwrap(await useCases.listServiceMessages.execute({ ...ids, limit: MESSAGES })).messages.map(twoWayMessageView);
    return html(status, serviceView(request.view, { service, messages, canWrite: canWrite(request), ...(values ? { values } : {}), ...(errors ? { errors } : {}), ...(reply ? { reply } : {}) }));
  };
  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  return [
    page('get', '/two-way/services', (request) => renderList(request, 200), { section: 'two-way' }),
    page(
      'post',
      '/two-way/services',
      async (request) => {
        const text = (name: keyof ServiceRequestValues) => (request.form.get(name) ?? '').trim();
        const values: ServiceRequestValues = { country_code: text('country_code'), type: text('type'), keyword: text('keyword'), use_case: text('use_case'), company_name: text('company_name'), kyc_document_urls: text('kyc_document_urls'), webhook_url: text('webhook_url') };
        const checked = checkedBy(twoWayRequestBody, {
          country_code: values.country_code,
          type: values.type,
          keyword: values.keyword || null,
          use_case: values.use_case,
          company_name: values.company_name,
          kyc_document_urls: values.kyc_document_urls.split(/\s+/).filter(Boolean),
          webhook_url: values.webhook_url || null,
        });
        if (!checked.ok) return renderList(request, checked.status, values, checked.errors);
        const body = checked.value;
        const requested = await useCases.requestService.execute({
          accountId: account(request),
          countryCode: body.country_code,
          type: body.type,
          keyword: body.keyword,
          useCase: body.use_case,
          companyName: body.company_name,
          kycDocumentUrls: body.kyc_document_urls,
          webhookUrl: body.webhook_url,
        });
        if (requested.isErr()) return renderList(request, refusal(requested.error).status, values, refusal(requested.error).errors);
        request.session.flash({ kind: 'info', text: 'Service requested: an operator reviews it; nothing is charged until then.' });
        return redirect(href(request.view, `/two-way/services/${requested.value.id}`));
      },
      { roles: BUILDERS },
    ),
    page('get', '/two-way/services/:id', (request) => renderService(request, 200)),
    page(
      'post',
      '/two-way/services/:id',
      async (request) => {
        const values: ServiceSettingsValues = {
          webhook_url: (request.form.get('webhook_url') ?? '').trim(),
          auto_reply_enabled: request.form.get('auto_reply_enabled') === 'on',
          auto_reply_text: (request.form.get('auto_reply_text') ?? '').trim(),
          forward_email: (request.form.get('forward_email') ?? '').trim(),
        };
        const checked = checkedBy(twoWayPatchBody, { webhook_url: values.webhook_url || null, auto_reply_enabled: values.auto_reply_enabled, auto_reply_text: values.auto_reply_text, forward_email: values.forward_email || null });
        if (!checked.ok) return renderService(request, checked.status, values, checked.errors);
        const body = checked.value;
        const updated = await useCases.updateService.execute({ accountId: account(request), id: idOf(request), webhookUrl: body.webhook_url, autoReplyText: body.auto_reply_text, autoReplyEnabled: body.auto_reply_enabled, forwardEmail: body.forward_email });
        if (updated.isErr()) {
          if (updated.error.type === 'not_found') unwrap(updated);
          return renderService(request, refusal(updated.error).status, values, refusal(updated.error).errors);
        }
        request.session.flash({ kind: 'info', text: 'Settings saved.' });
        return redirect(href(request.view, `/two-way/services/${updated.value.id}`));
      },
      { roles: BUILDERS },
    ),
    page(
      'post',
      '/two-way/services/:id/reply',
      async (request) => {
        const id = idOf(request);
        const values: ReplyValues = { environment: request.form.get('environment') === 'live' ? 'live' : 'test', to: (request.form.get('to') ?? '').trim(), text: request.form.get('text') ?? '' };
        const again = (answer: { status: number; errors: FormErrors }) => renderService(request, answer.status, undefined, undefined, { values, errors: answer.errors });
        const checked = checkedBy(twoWayReplyBody, { to: values.to, text: values.text });
        if (!checked.ok) return again(checked);
        const refused = sendRefusal(await memberAccount(useCases.readAccount, request), values.environment);
        if (refused) return again(refusal(refused));
        const sent = await useCases.reply.execute({ accountId: account(request), id, to: checked.value.to, text: checked.value.text, environment: values.environment, apiKeyId: null });
        if (sent.isErr()) {
          if (sent.error.type === 'not_found') unwrap(sent);
          return again(refusal(sent.error));
        }
        request.session.flash({ kind: 'info', text: `Reply sent to ${sent.value.message.phone}.` });
        return redirect(href(request.view, `/two-way/services/${id}`));
      },
      { roles: BUILDERS },
    ),
    page(
      'post',
      '/two-way/services/:id/cancel',
      async (request) => {
        const cancelled = await useCases.cancelService.execute({ accountId: account(request), id: idOf(request) });
        if (cancelled.isErr()) {
          if (cancelled.error.type === 'not_found') unwrap(cancelled);
          request.session.flash({ kind: 'error', text: refusal(cancelled.error).errors.form ?? 'This service cannot be cancelled now.' });
        } else request.session.flash({ kind: 'info', text: 'Service cancelled: its code or keyword is released.' });
        return redirect(href(request.view, `/two-way/services/${request.params.id}`));
      },
      { roles: BUILDERS },
    ),
  ];
}
