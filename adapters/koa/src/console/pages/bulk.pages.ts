import type { Account } from '@tuma/accounts';
import type { GetBatch, ListContactLists, SendBulk } from '@tuma/messaging';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { batchView } from '../../routes/message-views.ts';
import { fieldRefusal, refusal } from '../form-errors.ts';
import { memberAccount, sendRefusal } from '../member-account.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { batchPageView, bulkSendView, type BulkValues } from '../views/bulk-views.ts';
import { href } from '../views/view-context.ts';

export interface BulkPageUseCases {
  readonly sendBulk: SendBulk;
  readonly getBatch: GetBatch;
  readonly listContactLists: ListContactLists;
  readonly readAccount: (accountId: string) => Promise<Account | undefined>;
}

const BATCH_ID = /^bat_[0-9A-Z]{26}$/;
const BATCH_PAGE = 25;

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
      handle: (request) => render(request, 200, { environment: 'test', recipients: '', lists: [], text: '' }),
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
        };
        const again = async (answer: { status: number; errors: NonNullable<Parameters<typeof bulkSendView>[3]> }) => render(request, answer.status, values, answer.errors);
        const account = await memberAccount(useCases.readAccount, request);
        const recipients = values.recipients.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '').map((to) => ({ to }));
        const contactListIds = values.lists.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
        if (recipients.length === 0 && contactListIds.length === 0) return again(fieldRefusal('recipients', 'Give numbers or choose a contact list'));
        if (values.environment === 'test' && contactListIds.length > 0) return again(fieldRefusal('contact_list_ids', 'Saved contact lists are for live sends only: give numbers for a test'));
        const refused = sendRefusal(account, values.environment as 'live' | 'test');
        if (refused) return again(refusal(refused));
        const accepted = await useCases.sendBulk.execute({
          sender: { accountId: account.id, apiKeyId: null, environment: values.environment as 'live' | 'test', walletCurrency: account.walletCurrency },
          recipients,
          contactListIds,
          text: values.text,
          scheduleMode: 'now',
        });
        if (accepted.isErr()) return again(refusal(accepted.error, { contactListIds: 'contact_list_ids' }));
        return redirect(href(request.view, `/sms/batches/${accepted.value.batch.id}`));
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
          if (found.isOk()) return html(200, batchPageView(request.view, batchView(found.value), environment));
        }
        throw new HttpError(404, 'not_found', 'There is no such batch in this account.');
      },
    },
  ];
}
