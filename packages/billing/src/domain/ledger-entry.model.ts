import { newId, type Money } from '@tuma/kernel';

/**
 * What an entry does to a wallet, and the sign of its amount:
 * `credit` (+, money in), `debit` (-, a charge), `fee` (-, a charge that is not a message),
 * `refund` (+, undoes part or all of a debit or fee), `reversal` (-, undoes a credit).
 */
export const LEDGER_ENTRY_KINDS = ['credit', 'debit', 'refund', 'reversal', 'fee'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** Kinds whose amount is positive (money into the wallet); the others are negative. */
export const INCOMING_KINDS: ReadonlySet<LedgerEntryKind> = new Set(['credit', 'refund']);

/** Charges: what a refund may undo. */
export const CHARGE_KINDS: ReadonlySet<LedgerEntryKind> = new Set(['debit', 'fee']);

export const RELATED_OBJECT_TYPES = ['message', 'batch', 'sender_id', 'service', 'top_up', 'adjustment', 'subscription'] as const;
export type RelatedObjectType = (typeof RELATED_OBJECT_TYPES)[number];

/** The object an entry is about (the message charged, the top-up credited, ...). */
export interface RelatedObject {
  readonly type: RelatedObjectType;
  readonly id: string;
}

/**
 * One immutable line of a wallet's ledger. A wallet's balance is always the sum of its entries'
 * amounts, and `balanceAfter` is that sum up to and including this entry.
 */
export interface LedgerEntry {
  /** `txn_...` */
  readonly id: string;
  readonly accountId: string;
  readonly kind: LedgerEntryKind;
  /** Signed: positive for credits and refunds, negative for debits, fees and reversals. */
  readonly amount: Money;
  readonly balanceAfter: Money;
  readonly reason: string;
  /** The idempotency key: unique per account. */
  readonly reference: string;
  readonly related: RelatedObject | null;
  /** For a refund: the debit or fee entry it undoes. */
  readonly refundOf: string | null;
  /** For a reversal: the credit it undoes. */
  readonly reverses: string | null;
  /** For a debit that captures a reservation: the reservation. */
  readonly reservationId: string | null;
  readonly createdAt: Date;
}

/** One page of a wallet's entries, newest first, and how many entries the wallet has. */
export interface LedgerPage {
  readonly entries: readonly LedgerEntry[];
  readonly total: number;
}

/** An entry before it is applied to its wallet: everything but the balance after it. */
export type LedgerEntryDraft = Omit<LedgerEntry, 'balanceAfter'>;

export interface DraftEntryInput {
  readonly accountId: string;
  readonly kind: LedgerEntryKind;
  /** Signed as the kind says (see LEDGER_ENTRY_KINDS). */
  readonly amount: Money;
  readonly reason: string;
  readonly reference: string;
  readonly related?: RelatedObject | null;
  readonly refundOf?: string | null;
  readonly reverses?: string | null;
  readonly reservationId?: string | null;
}

/** A new entry (`txn_...`, created now), not yet applied to its wallet. */
export function draftEntry(input: DraftEntryInput, now: Date): LedgerEntryDraft {
  return {
    id: newId('txn', now),
    accountId: input.accountId,
    kind: input.kind,
    amount: input.amount,
    reason: input.reason,
    reference: input.reference,
    related: input.related ?? null,
    refundOf: input.refundOf ?? null,
    reverses: input.reverses ?? null,
    reservationId: input.reservationId ?? null,
    createdAt: now,
  };
}
