import type { Selectable, Updateable } from 'kysely';
import { currency } from '@tuma/kernel';
import { SENDER_ID_STATUSES, SenderIdRequest, type SenderIdRequestSnapshot, type SenderIdStatus } from '@tuma/messaging';
import type { SenderIdTable } from '../database/tables.ts';
import { storedMoney } from '../database/stored-money.ts';

type SenderIdRow = Selectable<SenderIdTable>;

function storedStatus(row: SenderIdRow): SenderIdStatus {
  const status = SENDER_ID_STATUSES.find((s) => s === row.status);
  if (!status) throw new Error(`Sender ID request ${row.id} has a corrupt status: ${row.status}`);
  return status;
}

export function storedId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new Error(`Sender ID request id ${raw} is beyond what the API can carry`);
  return id;
}

export function senderIdToDomain(row: SenderIdRow): SenderIdRequest {
  const what = `fee of sender ID request ${row.id}`;
  const charged = row.fee_charged_at && row.fee_amount && row.fee_currency && row.fee_fx_rate && row.fee_entry_id;
  const snapshot: SenderIdRequestSnapshot = {
    id: storedId(row.id),
    accountId: row.account_id,
    name: row.name,
    countries: [...(row.countries as string[])],
    useCase: row.use_case,
    status: storedStatus(row),
    rejectionReason: row.rejection_reason,
    feeUsd: storedMoney(row.fee_usd, 'USD', what),
    feeCharge: charged
      ? {
          amount: storedMoney(row.fee_amount!, currency(row.fee_currency!), what),
          fxRate: row.fee_fx_rate!,
          entryId: row.fee_entry_id!,
          chargedAt: new Date(row.fee_charged_at!),
        }
      : null,
    createdAt: new Date(row.created_at),
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
  };
  return SenderIdRequest.rehydrate(snapshot);
}

/** The columns a decision writes. */
export function decisionColumns(request: SenderIdRequest): Updateable<SenderIdTable> {
  const s = request.toSnapshot();
  return {
    status: s.status,
    rejection_reason: s.rejectionReason,
    fee_usd: s.feeUsd.toDecimalString(),
    fee_amount: s.feeCharge?.amount.toDecimalString() ?? null,
    fee_currency: s.feeCharge?.amount.currency ?? null,
    fee_fx_rate: s.feeCharge?.fxRate ?? null,
    fee_entry_id: s.feeCharge?.entryId ?? null,
    fee_charged_at: s.feeCharge?.chargedAt ?? null,
    decided_at: s.decidedAt,
  };
}
