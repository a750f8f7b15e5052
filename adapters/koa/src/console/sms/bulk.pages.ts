import type { Account } from '@tuma/accounts';
import type { CancelMessages, GetBatch, ListBatches, ListContactLists, SendBulk } from '@tuma/messaging';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { batchView } from '../../apis/sms/message-views.ts';
import { fieldRefusal, refusal } from '../form-errors.ts';
import { memberAccount, sendRefusal } from '../member-account.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { batchesView, batchPageView, bulkSendView, type BulkValues } from './bulk-views.ts';
import { readDateTimeField } from '../layout/date-time-field.ts';
import { href } from '../layout/view-context.ts';

export interface BulkPageUseCases {
  readonly sendBulk: SendBulk;
  readonly getBatch: GetBatch;
  readonly listBatches: ListBatches;
  readonly cancelMessages: Pick<CancelMessages, 'cancelBatch'>;
  readonly listContactLists: ListContactLists;
  readonly readAccount: (accountId: string) => Promise<Account | undefined>;
}

const BATCH_ID = /^bat_[0-9A-Z]{26}$/;
const BATCH_PAGE = 25;
const BATCHES_PAGE = 20;

function scheduleOf(values: BulkValues): { ok: true; mode: 'now' | 'scheduled' | 'drip'; at?: Date; rate?: number } | { ok: false; field: string; message: string } {
  const mode = values.scheduleMode === 'scheduled' || values.scheduleMode === 'drip' ? values.scheduleMode : 'now';
  if (mode === 'scheduled') {
    const text = values.scheduledAt.trim();
    if (text === '') return { ok: false, field: 'scheduled_at', message: 'Give the time to send at (UTC)' };
    const at = readDateTimeField(text);
    if (!at) return { ok: false, field: 'scheduled_at', message: 'A date and time, as 2026-12-01T07:30' };
    return { ok: true, mode, at };
  }
  if (mode === 'drip') {
    const rate = Number(values.dripRate.trim());
    if (values.dripRate.trim() === '' || !Number.isSafeInteger(rate)) return { ok: false, field: 'drip_rate', message: 'Give a whole number of messages per minute' };
    return { ok: true, mode, rate };
  }
  return { ok: true, mode };
}

/**
 * SMS › Bulk send: one text to numbers and (live) contact lists, then the batch's progress page;
 * `SendBulk` and `GetBatch` as `/api/messages/send-bulk` and `/api/messages/batch/{id}` call them,
 * with the route's rules (lists are live data; live waits for a verified address).
 */
export function bulkPages(useCases: BulkPageUseCases): ConsolePage[] {
  const listsOf = async (request: MemberRequest) =>
    unwrap(await useCases.listContactLists.execute({ accountId: request.member.accountId })).map((list) => ({ id: list.id, name: list.name, member_count: list.memberCount }));
  const render = async (request: MemberRequest, status: number, values: BulkValues, errors?: Parameters<typeof bulkSendView>[3]) => html(status, bulkSendView(request.view, await listsOf(request), values, errors));
  return [
    {
      method: 'get',
      path: '/sms/bulk',
      visitor: 'member',
      section: 'sms-bulk',
      roles: BUILDERS,
      handle: (request) => render(request, 200, { environment: 'test', recipients: '', lists: [], text: '', scheduleMode: 'now', scheduledAt: '', dripRate: '' }),
    },
    {
      method: 'post',
      path: '/sms/bulk',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const values: BulkValues = {
          environment: request.form.get('environment') === 'live' ? 'live' : 'test',
          recipients: request.form.get('recipients') ?? '',
          lists: request.form.getAll('contact_list_ids'),
          text: request.form.get('text') ?? '',
          scheduleMode: request.form.get('schedule_mode') ?? 'now',
          scheduledAt: request.form.get('scheduled_at') ?? '',
          dripRate: request.form.get('drip_rate') ?? '',
        };
        const again = async (answer: { status: number; errors: NonNullable<Parameters<typeof bulkSendView>[3]> }) => render(request, answer.status, values, answer.errors);
        const account = await memberAccount(useCases.readAccount, request);
        const recipients = values.recipients.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '').map((to) => ({ to }));
        const contactListIds = values.lists.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
        if (recipients.length === 0 && contactListIds.length === 0) return again(fieldRefusal('recipients', 'Give numbers or choose a contact list'));
        if (values.environment === 'test' && contactListIds.length > 0) return again(fieldRefusal('contact_list_ids', 'Saved contact lists are for live sends only: give numbers for a test'));
        const schedule = scheduleOf(values);
        if (!schedule.ok) return again(fieldRefusal(schedule.field, schedule.message));
        const refused = sendRefusal(account, values.environment as 'live' | 'test');
        if (refused) return again(refusal(refused));
        const accepted = await useCases.sendBulk.execute({
          sender: { accountId: account.id, apiKeyId: null, environment: values.environment as 'live' | 'test', walletCurrency: account.walletCurrency },
          recipients,
          contactListIds,
          text: values.text,
          scheduleMode: schedule.mode,
          scheduledAt: schedule.at,
          dripRate: schedule.rate,
        });
        if (accepted.isErr()) return again(refusal(accepted.error, { contactListIds: 'contact_list_ids', scheduledAt: 'scheduled_at', dripRate: 'drip_rate' }));
        return redirect(href(request.view, `/sms/batches/${accepted.value.batch.id}`));
      },
    },
    {
      method: 'get',
      path: '/sms/batches',
      visitor: 'member',
      section: 'sms-batches',
      handle: async (request) => {
        const page = Math.max(0, Math.min(10_000, Number.parseInt(request.query.get('page') ?? '0', 10) || 0));
        // The live scope sees the account's every batch, test ones too (each row says which).
        const listed = unwrap(await useCases.listBatches.execute({ accountId: request.member.accountId, environment: 'live' }, page, BATCHES_PAGE));
        return html(200, batchesView(request.view, listed, page));
      },
    },
    {
      method: 'get',
      path: '/sms/batches/:batch_id',
      visitor: 'member',
      handle: async (request) => {
        const id = request.params.batch_id!;
        for (const environment of ['live', 'test'] as const) {
          if (!BATCH_ID.test(id)) break;
          const found = await useCases.getBatch.execute({ accountId: request.member.accountId, environment }, id, 0, BATCH_PAGE);
          if (found.isOk()) return html(200, batchPageView(request.view, batchView(found.value), environment, BUILDERS.includes(request.member.role)));
        }
        throw new HttpError(404, 'not_found', 'There is no such batch in this account.');
      },
    },
    {
      method: 'post',
      path: '/sms/batches/:batch_id/cancel',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const id = request.params.batch_id!;
        // Cancelled members become rejected (error cancelled), as through the API. The live scope reaches the account's test batches too, as the console shows both.
        const cancelled = BATCH_ID.test(id) ? await useCases.cancelMessages.cancelBatch({ accountId: request.member.accountId, environment: 'live' }, id) : undefined;
        if (!cancelled || cancelled.isErr()) throw new HttpError(404, 'not_found', 'There is no such batch in this account.');
        const { cancelled: count, refunded } = cancelled.value;
        request.session.flash({ kind: 'info', text: `${count} message${count === 1 ? '' : 's'} not sent yet cancelled${refunded.isZero() ? '' : `, ${refunded.toDecimalString()} ${refunded.currency} back in the wallet`}.` });
        return redirect(href(request.view, `/sms/batches/${id}`));
      },
    },
  ];
}
