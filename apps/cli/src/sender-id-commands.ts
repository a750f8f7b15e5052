/** The operator's sender-ID commands: their usage lines, option parsing and output. */
import { SENDER_ID_STATUSES, type SenderIdReceipt, type SenderIdStatus } from '@tuma/messaging';

export const SENDER_ID_USAGE = `  sender-ids:list     [--status pending|approved|rejected] [--account <account id>] [--page <n>]   (100 per page, newest first)
  sender-ids:approve  --id <request id>      (charges USD 150 per flat-fee country, in the wallet currency)
  sender-ids:reject   --id <request id> --reason <text>`;

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
