import type { InferEntity } from '@mikro-orm/core';
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
import type { LedgerEntryRecord } from './ledger-entry.entity.ts';
import type { ReservationRecord } from './reservation.entity.ts';
import type { WalletRecord } from './wallet.entity.ts';
import { storedMoney } from '../database/stored-money.ts';

export type WalletRow = InferEntity<typeof WalletRecord>;
export type EntryRow = Omit<InferEntity<typeof LedgerEntryRecord>, 'seq'>;
export type ReservationRow = InferEntity<typeof ReservationRecord>;


const RELATED = new Set<string>(RELATED_OBJECT_TYPES);

function relatedOf(type: string | null | undefined, id: string | null | undefined): RelatedObject | null {
  if (!type || !id) return null;
  if (!RELATED.has(type)) throw new Error(`Corrupt related object type ${type}`);
  return { type: type as RelatedObjectType, id };
}

export const walletToDomain = (row: WalletRow): WalletSnapshot => ({
  accountId: row.accountId,
  currency: currency(row.currency),
  balance: storedMoney(row.balance, row.currency, `balance of wallet ${row.accountId}`),
  reserved: storedMoney(row.reserved, row.currency, `reserved amount of wallet ${row.accountId}`),
  updatedAt: row.updatedAt,
});

export const entryToDomain = (row: EntryRow): LedgerEntry => ({
  id: row.id,
  accountId: row.accountId,
  kind: row.kind as LedgerEntryKind,
  amount: storedMoney(row.amount, row.currency, `amount of entry ${row.id}`),
  balanceAfter: storedMoney(row.balanceAfter, row.currency, `balance after entry ${row.id}`),
  reason: row.reason,
  reference: row.reference,
  related: relatedOf(row.relatedType, row.relatedId),
  refundOf: row.refundOf ?? null,
  reverses: row.reverses ?? null,
  reservationId: row.reservationId ?? null,
  createdAt: row.createdAt,
});

export const reservationToDomain = (row: ReservationRow): Reservation => ({
  id: row.id,
  accountId: row.accountId,
  amount: storedMoney(row.amount, row.currency, `amount of reservation ${row.id}`),
  captured: storedMoney(row.captured, row.currency, `captured amount of reservation ${row.id}`),
  released: storedMoney(row.released, row.currency, `released amount of reservation ${row.id}`),
  status: row.status as ReservationStatus,
  reason: row.reason,
  reference: row.reference,
  related: relatedOf(row.relatedType, row.relatedId),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/**
 * A row built by `json_build_object` in SQL (amounts as text, timestamps as ISO strings): drivers
 * hand json back parsed or as text, so both are accepted; the named keys become Dates.
 */
export function jsonRow<T>(value: unknown, dateKeys: readonly string[]): T | undefined {
  if (value === null || value === undefined) return undefined;
  const object = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const row: Record<string, unknown> = { ...object };
  for (const key of dateKeys) row[key] = new Date(String(object[key]));
  return row as T;
}
