import type { Account } from '@tuma/accounts';
import { OUTBOUND_MESSAGE_STATUSES, readPhoneField, type GetMessage, type ListMessages, type QuotePrice, type SendMessage } from '@tuma/messaging';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { messageView as messageRow } from '../../apis/sms/message-views.ts';
import { quoteView } from '../../apis/sms/quote.routes.ts';
import { fieldRefusal, refusal } from '../form-errors.ts';
import { memberAccount, sendRefusal } from '../member-account.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { messageDetailView, messagesView, quoteSummary, sendView, type MessageFilters, type SendValues } from './sms-views.ts';
import { href } from '../layout/view-context.ts';

export interface SmsPageUseCases {
  readonly sendMessage: SendMessage;
  readonly quotePrice: QuotePrice;
  readonly listMessages: ListMessages;
  readonly getMessage: GetMessage;
  readonly readAccount: (accountId: string) => Promise<Account | undefined>;
}

const PAGE_SIZE = 25;
const MESSAGE_ID = /^msg_[0-9A-Z]{26}$/;

const valuesOf = (request: MemberRequest): SendValues => ({
  environment: request.form.get('environment') === 'live' ? 'live' : 'test',
  to: (request.form.get('to') ?? '').trim(),
  text: request.form.get('text') ?? '',
});

/**
 * SMS: send a message (test or live) with the live segment and price counter, the message log with
 * filters, a message's timeline. The same use cases as `/api/messages`; a member sends as their
 * account, the live environment only once its address is verified, as its live keys would.
 */
export function smsPages(useCases: SmsPageUseCases): ConsolePage[] {
  const accountOf = (request: MemberRequest) => memberAccount(useCases.readAccount, request);
  const summaryOf = async (account: Account, values: SendValues): Promise<string> => {
    const segmentsOnly = { accountId: account.id, environment: values.environment as 'live' | 'test', walletCurrency: account.walletCurrency, text: values.text };
    const quoted = await useCases.quotePrice.execute({ ...segmentsOnly, to: values.to ? [values.to] : [] });
    if (quoted.isErr()) return 'Type a message to see its segments and price.';
    const quote = quoteView(quoted.value);
    return quoteSummary({ ...quote, cost: quote.routable_count > 0 ? `${quote.total_cost} ${quote.wallet_currency}` : undefined });
  };
  return [
    {
      method: 'get',
      path: '/sms/send',
      visitor: 'member',
      section: 'sms-send',
      roles: BUILDERS,
      handle: async (request) => html(200, sendView(request.view, { environment: 'test', to: '', text: '' }, 'Type a message to see its segments and price.')),
    },
    {
      method: 'post',
      path: '/sms/quote',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => html(200, await summaryOf(await accountOf(request), valuesOf(request))),
    },
    {
      method: 'post',
      path: '/sms/send',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const values = valuesOf(request);
        const account = await accountOf(request);
        const again = async (answer: { status: number; errors: Parameters<typeof sendView>[3] }) => html(answer.status, sendView(request.view, values, await summaryOf(account, values), answer.errors));
        if (!values.to) return again(fieldRefusal('to', 'Enter the phone number'));
        if (!values.text.trim()) return again(fieldRefusal('text', 'Enter the message'));
        const refused = sendRefusal(account, values.environment as 'live' | 'test');
        if (refused) return again(refusal(refused));
        const sent = await useCases.sendMessage.execute({
          sender: { accountId: account.id, apiKeyId: null, environment: values.environment as 'live' | 'test', walletCurrency: account.walletCurrency },
          to: values.to,
          text: values.text,
          scheduleMode: 'now',
        });
        if (sent.isErr()) return again(refusal(sent.error, { phone: 'to', message: 'text' }));
        request.session.flash({ kind: 'info', text: `Message ${sent.value.message.id} is on its way.` });
        return redirect(href(request.view, `/sms/messages/${sent.value.message.id}`));
      },
    },
    {
      method: 'get',
      path: '/sms/messages',
      visitor: 'member',
      section: 'sms-messages',
      handle: async (request) => {
        const filters: MessageFilters = {
          environment: request.query.get('environment') === 'test' ? 'test' : 'live',
          status: request.query.get('status') ?? '',
          to: (request.query.get('to') ?? '').trim(),
        };
        const page = Math.max(0, Math.min(10_000, Number.parseInt(request.query.get('page') ?? '0', 10) || 0));
        const phone = filters.to ? readPhoneField(filters.to, 'to', { plusOptional: true }) : undefined;
        if (phone?.isErr()) {
          const { status, errors } = refusal(phone.error);
          return html(status, messagesView(request.view, filters, [], { page: 0, pages: 0 }, errors));
        }
        const found = await useCases.listMessages.execute({
          accountId: request.member.accountId,
          environment: filters.environment,
          status: OUTBOUND_MESSAGE_STATUSES.find((status) => status === filters.status),
          phone: phone?.isOk() ? phone.value.e164 : undefined,
          page,
          limit: PAGE_SIZE,
        });
        const rows = unwrap(found).messages.map((message) => messageRow(message, true));
        return html(200, messagesView(request.view, filters, rows, { page, pages: Math.ceil(unwrap(found).total / PAGE_SIZE) }));
      },
    },
    {
      method: 'get',
      path: '/sms/messages/:id',
      visitor: 'member',
      handle: async (request) => {
        const id = request.params.id!;
        const environment = id.match(MESSAGE_ID) ? await findEnvironment(useCases, request.member.accountId, id) : undefined;
        if (!environment) throw new HttpError(404, 'not_found', 'There is no such message in this account.');
        const delivery = environment.delivery;
        const reports = { retries: delivery.retryCount, parts: delivery.carrierMessageIds.length, received: delivery.partOutcomes.map((part) => ({ carrierMessageId: part.carrierMessageId, outcome: part.outcome, errorCode: part.errorCode, at: part.at.toISOString() })) };
        return html(200, messageDetailView(request.view, messageRow(environment, false), reports));
      },
    },
  ];
}

/** A message of the account, live or test (the console shows both). */
async function findEnvironment(useCases: SmsPageUseCases, accountId: string, id: string) {
  for (const environment of ['live', 'test'] as const) {
    const found = await useCases.getMessage.execute({ accountId, environment }, id);
    if (found.isOk()) return found.value;
  }
  return undefined;
}
