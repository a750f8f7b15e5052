import { err, Money, newId, ok, type CurrencyCode, type Result } from '@tuma/kernel';
import { checkAmount, MAX_WALLET_MICROS } from './ledger-input.ts';
import { CHARGE_KINDS, draftEntry, type DraftEntryInput, type LedgerEntry, type LedgerEntryDraft, type RelatedObject } from './ledger-entry.model.ts';
import { remainingOf, revisedReservation, type Reservation } from './reservation.model.ts';
import {
  alreadyReversed,
  currencyMismatch,
  entryNotFound,
  insufficientBalance,
  invalidAmount,
  refundExceedsCharge,
  reservationExceeded,
  reservationNotFound,
  type WalletError,
} from './wallet-errors.ts';

export interface WalletSnapshot {
  readonly accountId: string;
  readonly currency: CurrencyCode;
  /** The sum of every ledger entry of the wallet; never negative. */
  readonly balance: Money;
  /** What open reservations still hold; never more than the balance. */
  readonly reserved: Money;
  readonly updatedAt: Date;
}

/** A wallet as callers see it: `available = balance - reserved`. */
export interface WalletView extends WalletSnapshot {
  readonly available: Money;
}

/** What every entry-making operation is given. */
export interface EntryRequest {
  readonly amount: Money;
  readonly reason: string;
  readonly reference: string;
  readonly related?: RelatedObject | null;
}

export interface RefundRequest {
  /** The debit or fee to refund. */
  readonly of: LedgerEntry;
  /** What earlier refunds of it returned (positive). */
  readonly refunded: Money;
  /** Default: everything still refundable. */
  readonly amount?: Money;
  readonly reason: string;
  readonly reference: string;
}

export interface ReversalRequest {
  /** The credit to undo. */
  readonly credit: LedgerEntry;
  /** The id of the reversal that already undid it, if any. */
  readonly reversedBy: string | null;
  readonly reason: string;
  readonly reference: string;
}

export interface CaptureRequest extends EntryRequest {
  readonly reservation: Reservation;
}

/**
 * One account's prepaid wallet. It never goes below zero and never holds more in reservations
 * than it has: every operation checks its rule here and, when allowed, moves the balance and
 * returns the immutable ledger entry (or reservation) that records it. Stores persist the
 * resulting snapshot and entry together; the database store also serializes operations on one
 * wallet, so each decision is made on the latest state.
 */
export class Wallet {
  private constructor(private state: WalletSnapshot) {}

  static open(input: { accountId: string; currency: CurrencyCode }, now: Date): Wallet {
    const zero = Money.zero(input.currency);
    return new Wallet({ accountId: input.accountId, currency: input.currency, balance: zero, reserved: zero, updatedAt: now });
  }

  /** From stored state; state that breaks the invariants is corrupt data, which is a bug. */
  static rehydrate(snapshot: WalletSnapshot): Wallet {
    const { balance, reserved, currency } = snapshot;
    if (balance.currency !== currency || reserved.currency !== currency) throw new Error(`Wallet ${snapshot.accountId} mixes currencies`);
    if (balance.isNegative() || reserved.isNegative() || reserved.greaterThan(balance)) {
      throw new Error(`Wallet ${snapshot.accountId} is corrupt: balance ${balance}, reserved ${reserved}`);
    }
    return new Wallet({ ...snapshot });
  }

  get accountId(): string {
    return this.state.accountId;
  }

  get currency(): CurrencyCode {
    return this.state.currency;
  }

  get available(): Money {
    return this.state.balance.subtract(this.state.reserved);
  }

  toSnapshot(): WalletSnapshot {
    return { ...this.state };
  }

  view(): WalletView {
    return { ...this.state, available: this.available };
  }

  /** Money in: a top-up or an operator's credit. */
  credit(request: EntryRequest, now: Date): Result<LedgerEntry, WalletError> {
    return this.post(Wallet.draftCredit(this.accountId, request, now));
  }

  /** A charge (`debit` for messages, `fee` for anything else): never more than is available. */
  charge(request: EntryRequest & { kind: 'debit' | 'fee' }, now: Date): Result<LedgerEntry, WalletError> {
    return this.post(Wallet.draftCharge(this.accountId, request, now));
  }

  /** The entry a credit makes, drafted without the wallet (for `post`). */
  static draftCredit(accountId: string, request: EntryRequest, now: Date): LedgerEntryDraft {
    return draftEntry({ ...request, accountId, kind: 'credit' }, now);
  }

  /** The entry a charge makes, drafted without the wallet (for `post`): its amount is the negated request. */
  static draftCharge(accountId: string, request: EntryRequest & { kind: 'debit' | 'fee' }, now: Date): LedgerEntryDraft {
    return draftEntry({ ...request, accountId, amount: request.amount.negate() }, now);
  }

  /**
   * Applies a drafted credit or charge: the rule of each (a credit keeps the balance within what a
   * wallet holds; a charge takes at most what is available) is checked on this wallet's state.
   * Stores use it to apply a draft made before the wallet was read; the database store enforces
   * the same rule in its conditional write. A draft of another kind is a bug and throws.
   */
  post(draft: LedgerEntryDraft): Result<LedgerEntry, WalletError> {
    const plainCharge = CHARGE_KINDS.has(draft.kind) && draft.reservationId === null;
    if (draft.accountId !== this.accountId || !(draft.kind === 'credit' || plainCharge) || draft.refundOf || draft.reverses) {
      throw new Error(`Only credits and plain charges of the wallet are posted, not ${draft.kind} ${draft.id}`);
    }
    const incoming = draft.kind === 'credit';
    return this.checked(incoming ? draft.amount : draft.amount.negate())
      .andThen((magnitude) => (incoming ? this.ensureFits(magnitude) : this.ensureAvailable(magnitude)))
      .map(() => this.apply(draft));
  }

  /** Gives back part or all of a debit or fee; refunds of one charge never add up to more than it. */
  refund(request: RefundRequest, now: Date): Result<LedgerEntry, WalletError> {
    const { of } = request;
    if (of.accountId !== this.accountId || !CHARGE_KINDS.has(of.kind)) return err(entryNotFound(of.id, 'debit or fee'));
    const refundable = of.amount.negate().subtract(request.refunded);
    const requested = request.amount ?? refundable;
    if (requested.currency !== this.currency) return err(currencyMismatch(this.currency, requested.currency));
    if (!refundable.isPositive() || requested.greaterThan(refundable)) return err(refundExceedsCharge(of.id, requested, refundable));
    return this.checked(requested)
      .andThen((amount) => this.ensureFits(amount))
      .map((amount) => this.record({ ...request, kind: 'refund', amount, related: of.related, refundOf: of.id }, now));
  }

  /** Undoes a credit in full, once, and only while the wallet still has it available. */
  reverse(request: ReversalRequest, now: Date): Result<LedgerEntry, WalletError> {
    const { credit } = request;
    if (credit.accountId !== this.accountId || credit.kind !== 'credit') return err(entryNotFound(credit.id, 'credit'));
    if (request.reversedBy) return err(alreadyReversed(credit.id, request.reversedBy));
    return this.ensureAvailable(credit.amount).map((amount) =>
      this.record({ ...request, kind: 'reversal', amount: amount.negate(), related: credit.related, reverses: credit.id }, now),
    );
  }

  /** Holds money for later captures: lowers what is available, not the balance. */
  reserve(request: EntryRequest, now: Date): Result<Reservation, WalletError> {
    return this.checked(request.amount)
      .andThen((amount) => this.ensureAvailable(amount))
      .map((amount) => {
        this.state = { ...this.state, reserved: this.state.reserved.add(amount), updatedAt: now };
        return {
          id: newId('rsv', now),
          accountId: this.accountId,
          amount,
          captured: Money.zero(this.currency),
          released: Money.zero(this.currency),
          status: 'open',
          reason: request.reason,
          reference: request.reference,
          related: request.related ?? null,
          createdAt: now,
          updatedAt: now,
        };
      });
  }

  /** Turns held money into a debit: at most what is left of the reservation. */
  capture(request: CaptureRequest, now: Date): Result<{ entry: LedgerEntry; reservation: Reservation }, WalletError> {
    const { reservation } = request;
    if (reservation.accountId !== this.accountId) return err(reservationNotFound(reservation.id));
    return this.checked(request.amount)
      .andThen((amount) => this.withinReservation(reservation, amount))
      .map((amount) => {
        this.state = { ...this.state, reserved: this.state.reserved.subtract(amount) };
        const entry = this.record({ ...request, kind: 'debit', amount: amount.negate(), reservationId: reservation.id }, now);
        return { entry, reservation: revisedReservation(reservation, { captured: amount }, now) };
      });
  }

  /**
   * Gives held money back to what is available (default: everything left). Releasing everything
   * of a closed reservation changes nothing (`changed: false`), so a repeated release is harmless.
   */
  release(request: { reservation: Reservation; amount?: Money }, now: Date): Result<{ reservation: Reservation; changed: boolean }, WalletError> {
    const { reservation } = request;
    if (reservation.accountId !== this.accountId) return err(reservationNotFound(reservation.id));
    const remaining = remainingOf(reservation);
    if (request.amount === undefined && remaining.isZero()) return ok({ reservation, changed: false });
    return this.checked(request.amount ?? remaining)
      .andThen((amount) => this.withinReservation(reservation, amount))
      .map((amount) => {
        this.state = { ...this.state, reserved: this.state.reserved.subtract(amount), updatedAt: now };
        return { reservation: revisedReservation(reservation, { released: amount }, now), changed: true };
      });
  }

  private checked(amount: Money): Result<Money, WalletError> {
    if (amount.currency !== this.currency) return err(currencyMismatch(this.currency, amount.currency));
    return checkAmount(amount);
  }

  private ensureAvailable(amount: Money): Result<Money, WalletError> {
    const available = this.available;
    return amount.greaterThan(available) ? err(insufficientBalance(amount, available)) : ok(amount);
  }

  private ensureFits(amount: Money): Result<Money, WalletError> {
    return this.state.balance.micros + amount.micros > MAX_WALLET_MICROS
      ? err(invalidAmount(amount, 'the balance would exceed what a wallet can hold'))
      : ok(amount);
  }

  private withinReservation(reservation: Reservation, amount: Money): Result<Money, WalletError> {
    const remaining = remainingOf(reservation);
    return amount.greaterThan(remaining) ? err(reservationExceeded(reservation.id, amount, remaining)) : ok(amount);
  }

  /** Drafts an entry of this wallet and applies it (its rule checked by the caller). */
  private record(input: Omit<DraftEntryInput, 'accountId'>, now: Date): LedgerEntry {
    return this.apply(draftEntry({ ...input, accountId: this.accountId }, now));
  }

  /** Moves the balance by the entry's signed amount; returns the entry with the balance after it. */
  private apply(draft: LedgerEntryDraft): LedgerEntry {
    const balance = this.state.balance.add(draft.amount);
    this.state = { ...this.state, balance, updatedAt: draft.createdAt };
    return { ...draft, balanceAfter: balance };
  }
}
