import type { Money } from '@tuma/kernel';
import type { RelatedObject } from './ledger-entry.model.ts';

export type ReservationStatus = 'open' | 'closed';

/**
 * A hold on part of a wallet for scheduled or bulk work: it lowers what is available without
 * touching the balance. Captures turn held money into debits; releases give it back. It closes
 * once nothing is left (`captured + released = amount`).
 */
export interface Reservation {
  /** `rsv_...` */
  readonly id: string;
  readonly accountId: string;
  readonly amount: Money;
  readonly captured: Money;
  readonly released: Money;
  readonly status: ReservationStatus;
  readonly reason: string;
  /** The idempotency key of the `reserve` that made it: unique per account. */
  readonly reference: string;
  readonly related: RelatedObject | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What is still held: neither captured nor released. */
export const remainingOf = (reservation: Reservation): Money =>
  reservation.amount.subtract(reservation.captured).subtract(reservation.released);

/** The reservation after `captured` and `released` grew; closed when nothing is left. */
export function revisedReservation(reservation: Reservation, change: { captured?: Money; released?: Money }, now: Date): Reservation {
  const captured = change.captured ? reservation.captured.add(change.captured) : reservation.captured;
  const released = change.released ? reservation.released.add(change.released) : reservation.released;
  const left = reservation.amount.subtract(captured).subtract(released);
  return { ...reservation, captured, released, status: left.isZero() ? 'closed' : 'open', updatedAt: now };
}
