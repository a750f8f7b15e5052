import type { InferEntity } from '@mikro-orm/core';
import { currency } from '@tuma/kernel';
import { SENDER_ID_STATUSES, SenderIdRequest, type SenderIdRequestSnapshot, type SenderIdStatus } from '@tuma/messaging';
import type { SenderIdRecord } from './sender-id.entity.ts';
import { storedMoney } from '../database/stored-money.ts';

export type SenderIdRow = InferEntity<typeof SenderIdRecord>;

/** The columns a decision writes. */
export type SenderIdDecisionColumns = Pick<
  SenderIdRow,
  'status' | 'rejectionReason' | 'feeUsd' | 'feeAmount' | 'feeCurrency' | 'feeFxRate' | 'feeEntryId' | 'feeChargedAt' | 'decidedAt'
>;


function storedStatus(row: SenderIdRow): SenderIdStatus {
  const status = SENDER_ID_STATUSES.find((s) => s === row.status);
  if (!status) throw new Error(`Sender ID request ${row.id} has a corrupt status: ${row.status}`);
  return status;
}

export function storedId(raw: string | number): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new Error(`Sender ID request id ${raw} is beyond what the API can carry`);
  return id;
}

export function senderIdToDomain(row: SenderIdRow): SenderIdRequest {
  const what = `fee of sender ID request ${row.id}`;
  const charged = row.feeChargedAt && row.feeAmount && row.feeCurrency && row.feeFxRate && row.feeEntryId;
  const snapshot: SenderIdRequestSnapshot = {
    id: storedId(row.id),
    accountId: row.accountId,
    name: row.name,
    countries: [...row.countries],
    useCase: row.useCase ?? null,
    status: storedStatus(row),
    rejectionReason: row.rejectionReason ?? null,
    feeUsd: storedMoney(row.feeUsd, 'USD', what),
    feeCharge: charged
      ? {
          amount: storedMoney(row.feeAmount!, currency(row.feeCurrency!), what),
          fxRate: row.feeFxRate!,
          entryId: row.feeEntryId!,
          chargedAt: row.feeChargedAt!,
        }
      : null,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt ?? null,
  };
  return SenderIdRequest.rehydrate(snapshot);
}

export function decisionColumns(request: SenderIdRequest): SenderIdDecisionColumns {
  const s = request.toSnapshot();
  return {
    status: s.status,
    rejectionReason: s.rejectionReason,
    feeUsd: s.feeUsd.toDecimalString(),
    feeAmount: s.feeCharge?.amount.toDecimalString() ?? null,
    feeCurrency: s.feeCharge?.amount.currency ?? null,
    feeFxRate: s.feeCharge?.fxRate ?? null,
    feeEntryId: s.feeCharge?.entryId ?? null,
    feeChargedAt: s.feeCharge?.chargedAt ?? null,
    decidedAt: s.decidedAt,
  };
}
