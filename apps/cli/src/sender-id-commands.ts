/** The operator's sender-ID commands: their entries in the command table, option parsing and output. */
import { MESSAGING_TOKENS, SENDER_ID_STATUSES, type SenderIdReceipt, type SenderIdStatus } from '@tuma/messaging';
import { defineCommand, parsed, required, text, type CliCommand } from './command-table.ts';

export const SENDER_ID_LIST_LIMIT = 100;

/** A request id (a positive whole number), or undefined when the text is not one. */
export function parseRequestId(text: string): number | undefined {
  const id = /^[0-9]{1,16}$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export const parseStatus = (text: string): SenderIdStatus | undefined => SENDER_ID_STATUSES.find((status) => status === text);

/** A page number (0, 1, ...), or undefined when the text is not one. */
export function parsePage(text: string): number | undefined {
  const page = /^[0-9]{1,9}$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(page) ? page : undefined;
}

/** `--page <n>`: 0 is the first page. */
export const pageOption = parsed('<n>', parsePage, 'must be a whole number (0 is the first page)');

const requestIdOption = required(parsed('<request id>', parseRequestId, 'must be a sender ID request id (a positive whole number)'));

export const SENDER_ID_COMMANDS: readonly CliCommand[] = [
  defineCommand({
    name: 'sender-ids:list',
    summary: `Sender-ID requests, ${SENDER_ID_LIST_LIMIT} per page, newest first.`,
    options: {
      status: parsed(SENDER_ID_STATUSES.join('|'), parseStatus, 'must be pending, approved or rejected'),
      account: text('<account id>'),
      page: pageOption,
    },
    run: async ({ status, account, page = 0 }, { use, print }) => {
      const review = (await use(MESSAGING_TOKENS.messaging).reviewSenderIds.execute({ status, accountId: account, page, limit: SENDER_ID_LIST_LIMIT })).unwrapOr({ items: [], total: 0 });
      return print({ sender_ids: review.items.map(senderIdCliView), total: review.total, page }, () => review.items.map(senderIdLine));
    },
  }),
  defineCommand({
    name: 'sender-ids:approve',
    summary: 'Approves a request, charging USD 150 per flat-fee country, in the wallet currency.',
    options: { id: requestIdOption },
    run: async ({ id }, { use, report }) => report(await use(MESSAGING_TOKENS.messaging).approveSenderId.execute({ id }), senderIdCliView),
  }),
  defineCommand({
    name: 'sender-ids:reject',
    summary: 'Rejects a request, recording the reason.',
    options: { id: requestIdOption, reason: required(text('<text>')) },
    run: async ({ id, reason }, { use, report }) => report(await use(MESSAGING_TOKENS.messaging).rejectSenderId.execute({ id, reason }), senderIdCliView),
  }),
];

export const senderIdCliView = ({ request, estimate }: SenderIdReceipt) => {
  const s = request.toSnapshot();
  return {
    id: s.id,
    account_id: s.accountId,
    name: s.name,
    countries: [...s.countries],
    use_case: s.useCase,
    status: s.status,
    rejection_reason: s.rejectionReason,
    fee_countries: [...estimate.feeCountries],
    estimated_fee_usd: estimate.feeUsd.toNumber(),
    fee_usd: s.feeUsd.toNumber(),
    fee_amount: s.feeCharge?.amount.toNumber() ?? null,
    fee_currency: s.feeCharge?.amount.currency ?? null,
    fee_fx_rate: s.feeCharge?.fxRate ?? null,
    fee_transaction_id: s.feeCharge?.entryId ?? null,
    fee_charged_at: s.feeCharge?.chargedAt.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
    decided_at: s.decidedAt?.toISOString() ?? null,
  };
};

/** One line per request: `#12  ACME  pending  GH,KE,TZ  acc_...  fee USD 300 (GH,TZ)`. */
export function senderIdLine(receipt: SenderIdReceipt): string {
  const v = senderIdCliView(receipt);
  const fee = v.status === 'approved' ? `charged USD ${v.fee_usd}` : `fee USD ${v.estimated_fee_usd}`;
  return `#${v.id}  ${v.name}  ${v.status}  ${v.countries.join(',')}  ${v.account_id}  ${fee}${v.fee_countries.length ? ` (${v.fee_countries.join(',')})` : ''}`;
}
