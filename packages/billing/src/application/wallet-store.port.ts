import type { Money, Result } from '@tuma/kernel';
import type { LedgerEntry, LedgerEntryDraft, LedgerPage } from '../domain/ledger-entry.model.ts';
import type { PriorOutcome } from '../domain/ledger-replay.ts';
import type { Reservation } from '../domain/reservation.model.ts';
import type { WalletSnapshot } from '../domain/wallet.aggregate.ts';

/** Which wallet a change is about, and what else it must read under the wallet's lock. */
export interface WalletChangeRequest {
  readonly accountId: string;
  /** The idempotency reference of an entry-making change: the account's entry with it is loaded. */
  readonly reference?: string;
  /** The idempotency reference of a `reserve`: the account's reservation with it is loaded. */
  readonly reservationReference?: string;
  /** An entry of the account the change refers to (a refund's debit, a reversal's credit). */
  readonly entryId?: string;
  /** A reservation of the account the change captures or releases. */
  readonly reservationId?: string;
}

/** An entry as a refund or reversal needs it: with what was already done to it. */
export interface EntryWithHistory {
  readonly entry: LedgerEntry;
  /** The sum of the refunds of the entry so far (zero, or positive). */
  readonly refunded: Money;
  /** The reversal that already undid the entry, if any. */
  readonly reversedBy: string | null;
}

/** A wallet loaded for a change, with what the request named (undefined when it does not exist). */
export interface LockedWallet {
  readonly wallet: WalletSnapshot;
  /** The entry (or reservation) the account already made under the request's reference. */
  readonly prior: PriorOutcome | undefined;
  readonly entry: EntryWithHistory | undefined;
  readonly reservation: Reservation | undefined;
}

/** What a change writes: the wallet's new state, with the entry it appends and the reservation it creates or revises. */
export interface WalletWrite {
  readonly wallet: WalletSnapshot;
  readonly entry?: LedgerEntry;
  readonly reservation?: Reservation;
}

/** The outcome of a decision: the value to return and, unless nothing changes, what to write. */
export interface WalletDecision<T> {
  readonly value: T;
  readonly write?: WalletWrite;
}

/**
 * Wallets, their ledgers and reservations. Entry references are unique per account among its
 * entries, reservation references among its reservations.
 *
 * Changes of one wallet are strictly sequential. `change` is the general way: the store loads the
 * wallet (and what the request names) under the wallet's lock, held to the end of the surrounding
 * transaction; `decide` (pure domain rules, no I/O) says what to write; the store writes it in the
 * same transaction, so every decision is taken on the latest committed state. `post` is the fast
 * way for the frequent credits and charges: one atomic conditional write.
 */
export interface WalletStore {
  /** Creates the wallet unless the account has one already; returns the account's wallet either way. */
  open(wallet: WalletSnapshot): Promise<WalletSnapshot>;
  find(accountId: string): Promise<WalletSnapshot | undefined>;
  /**
   * Applies a drafted credit or plain charge (no refund, reversal or reservation) when, atomically,
   * the account has a wallet in the draft's currency, no entry has the draft's reference yet, and
   * the wallet can take it (`Wallet.post`: a charge at most what is available, a credit within
   * what a wallet holds). Returns the entry with the balance after it, or undefined when any of
   * that does not hold (nothing is written): the caller then decides with `change`.
   */
  post(draft: LedgerEntryDraft): Promise<LedgerEntry | undefined>;
  /**
   * `post` for many drafts at once (several per wallet): in one unit of work, under the locks of
   * their wallets (taken in account order), each draft in turn is applied when `post` would apply
   * it at that point; the others are left out, undefined at their index, with nothing written for
   * them. A few statements whatever the number of drafts. Must run inside a unit of work.
   */
  postMany(drafts: readonly LedgerEntryDraft[]): Promise<readonly (LedgerEntry | undefined)[]>;
  /** `decide` gets undefined when the account has no wallet. Nothing is written when it returns an Err or no `write`. */
  change<T, E>(request: WalletChangeRequest, decide: (locked: LockedWallet | undefined) => Result<WalletDecision<T>, E>): Promise<Result<T, E>>;
  /** One page of the account's entries, newest first (0-based `page`), and the number of entries. */
  entries(accountId: string, page: number, limit: number): Promise<LedgerPage>;
}
