import type { Selectable } from 'kysely';
import {
  RELATED_OBJECT_TYPES,
  type LedgerEntry,
  type LedgerEntryKind,
  type RelatedObject,
  type RelatedObjectType,
  type Reservation,
  type ReservationStatus,
  type WalletSnapshot,
} from '@tuma/billing';
import { currency } from '@tuma/kernel';
import type { LedgerEntryTable, ReservationTable, WalletTable } from '../database/tables.ts';
import { storedMoney } from '../database/stored-money.ts';

/** An entry as selected, or as wallet-sql's `json_build_object` spells it (without `seq`: only the ledger's order needs it). */
export type EntryRow = Omit<Selectable<LedgerEntryTable>, 'seq'>;

const RELATED = new Set<string>(RELATED_OBJECT_TYPES);

function relatedOf(type: string | null, id: string | null): RelatedObject | null {
  if (!type || !id) return null;
  if (!RELATED.has(type)) throw new Error(`Corrupt related object type ${type}`);
  return { type: type as RelatedObjectType, id };
}

export const walletOf = (row: Selectable<WalletTable>): WalletSnapshot => ({
  accountId: row.account_id,
  currency: currency(row.currency),
  balance: storedMoney(row.balance, row.currency, `balance of wallet ${row.account_id}`),
  reserved: storedMoney(row.reserved, row.currency, `reserved amount of wallet ${row.account_id}`),
  updatedAt: new Date(row.updated_at),
});

export const entryOf = (row: EntryRow): LedgerEntry => ({
  id: row.id,
  accountId: row.account_id,
  kind: row.kind as LedgerEntryKind,
  amount: storedMoney(row.amount, row.currency, `amount of entry ${row.id}`),
  balanceAfter: storedMoney(row.balance_after, row.currency, `balance after entry ${row.id}`),
  reason: row.reason,
  reference: row.reference,
  related: relatedOf(row.related_type, row.related_id),
  refundOf: row.refund_of,
  reverses: row.reverses,
  reservationId: row.reservation_id,
  createdAt: new Date(row.created_at),
});

export const reservationOf = (row: Selectable<ReservationTable>): Reservation => ({
  id: row.id,
  accountId: row.account_id,
  amount: storedMoney(row.amount, row.currency, `amount of reservation ${row.id}`),
  captured: storedMoney(row.captured, row.currency, `captured amount of reservation ${row.id}`),
  released: storedMoney(row.released, row.currency, `released amount of reservation ${row.id}`),
  status: row.status as ReservationStatus,
  reason: row.reason,
  reference: row.reference,
  related: relatedOf(row.related_type, row.related_id),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});
