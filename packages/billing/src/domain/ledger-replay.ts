import { err, ok, type Money, type Result } from '@tuma/kernel';
import type { LedgerEntry } from './ledger-entry.model.ts';
import type { Reservation } from './reservation.model.ts';
import { referenceConflict, type ReferenceConflictError } from './wallet-errors.ts';

/** What an account already did with a reference: an entry or a reservation. */
export type PriorOutcome = { readonly entry: LedgerEntry } | { readonly reservation: Reservation };

/** An operation that makes one ledger entry, as its idempotency check compares it. */
export type EntryOperation =
  | { readonly kind: 'credit'; readonly amount: Money }
  | { readonly kind: 'debit' | 'fee'; readonly amount: Money }
  | { readonly kind: 'capture'; readonly reservationId: string; readonly amount: Money }
  /** `amount` undefined: "everything still refundable", which any earlier refund of the entry matches. */
  | { readonly kind: 'refund'; readonly entryId: string; readonly amount: Money | undefined }
  | { readonly kind: 'reversal'; readonly entryId: string };

function sameOperation(operation: EntryOperation, entry: LedgerEntry): boolean {
  switch (operation.kind) {
    case 'credit':
      return entry.kind === 'credit' && entry.amount.equals(operation.amount);
    case 'debit':
    case 'fee':
      return entry.kind === operation.kind && entry.reservationId === null && entry.amount.equals(operation.amount.negate());
    case 'capture':
      return entry.kind === 'debit' && entry.reservationId === operation.reservationId && entry.amount.equals(operation.amount.negate());
    case 'refund':
      return entry.kind === 'refund' && entry.refundOf === operation.entryId && (operation.amount === undefined || entry.amount.equals(operation.amount));
    case 'reversal':
      return entry.kind === 'reversal' && entry.reverses === operation.entryId;
  }
}

const idOf = (prior: PriorOutcome): string => ('entry' in prior ? prior.entry.id : prior.reservation.id);

/**
 * A repeat of an operation (same reference on the same account) applies once: it returns what the
 * first one produced, unchanged. The same reference used for a different operation is a conflict.
 */
export function replayEntry(operation: EntryOperation, reference: string, prior: PriorOutcome): Result<LedgerEntry, ReferenceConflictError> {
  if ('entry' in prior && sameOperation(operation, prior.entry)) return ok(prior.entry);
  return err(referenceConflict(reference, idOf(prior)));
}

/** `replayEntry` for reservations: the same reference and amount return the first reservation as it is now. */
export function replayReservation(amount: Money, reference: string, prior: PriorOutcome): Result<Reservation, ReferenceConflictError> {
  if ('reservation' in prior && prior.reservation.amount.equals(amount)) return ok(prior.reservation);
  return err(referenceConflict(reference, idOf(prior)));
}
