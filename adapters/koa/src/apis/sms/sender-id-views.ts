import type { SenderIdReceipt, SenderIdRequest } from '@tuma/messaging';
import { SENDER_ID_STATUSES } from '@tuma/messaging';
import { z } from 'zod';

/** The spec's Sender ID record, as customers see it. */
export const senderIdSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('1 to 11 characters'),
  countries: z.array(z.string()).describe('ISO alpha-2 codes, as requested (upper case, deduplicated)'),
  use_case: z.string().nullable(),
  status: z.enum(SENDER_ID_STATUSES),
  rejection_reason: z.string().nullable(),
  fee_usd: z.number().describe('Fee charged for the request in USD, 0 when none applied'),
  fee_charged_at: z.string().nullable().describe('When the fee was charged (on approval); null when none was'),
  created_at: z.string(),
});

/** The answer to a request: nothing is charged yet. */
export const senderIdReceiptSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.literal('pending'),
  estimated_fee_usd: z.number().describe('USD 150 per requested country with a flat fee; charged on approval'),
  fee_countries: z.array(z.string()).describe('The requested countries with a flat fee'),
});

/** What operators review: the customer record, whose it is, the flat fees approval takes, and the charge once made. */
export const adminSenderIdSchema = senderIdSchema.extend({
  account_id: z.string(),
  estimated_fee_usd: z.number().describe('What approval charges (or charged) in USD: 150 per flat-fee country'),
  fee_countries: z.array(z.string()),
  fee_amount: z.number().nullable().describe('The fee charged, in the wallet currency'),
  fee_currency: z.string().nullable(),
  fee_fx_rate: z.string().nullable().describe('USD -> wallet currency rate applied, a decimal string'),
  fee_transaction_id: z.string().nullable().describe('The ledger entry of the fee'),
  decided_at: z.string().nullable(),
});

export const senderIdView = (request: SenderIdRequest): z.infer<typeof senderIdSchema> => {
  const s = request.toSnapshot();
  return {
    id: s.id,
    name: s.name,
    countries: [...s.countries],
    use_case: s.useCase,
    status: s.status,
    rejection_reason: s.rejectionReason,
    fee_usd: s.feeUsd.toNumber(),
    fee_charged_at: s.feeCharge?.chargedAt.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
  };
};

export const senderIdReceiptView = ({ request, estimate }: SenderIdReceipt): z.infer<typeof senderIdReceiptSchema> => ({
  id: request.id,
  name: request.name,
  status: 'pending',
  estimated_fee_usd: estimate.feeUsd.toNumber(),
  fee_countries: [...estimate.feeCountries],
});

export const adminSenderIdView = ({ request, estimate }: SenderIdReceipt): z.infer<typeof adminSenderIdSchema> => {
  const s = request.toSnapshot();
  return {
    ...senderIdView(request),
    account_id: s.accountId,
    estimated_fee_usd: estimate.feeUsd.toNumber(),
    fee_countries: [...estimate.feeCountries],
    fee_amount: s.feeCharge?.amount.toNumber() ?? null,
    fee_currency: s.feeCharge?.amount.currency ?? null,
    fee_fx_rate: s.feeCharge?.fxRate ?? null,
    fee_transaction_id: s.feeCharge?.entryId ?? null,
    decided_at: s.decidedAt?.toISOString() ?? null,
  };
};
