import { Money, type Result } from '@tuma/kernel';
import { onRollback, UndoableList, UndoableMap } from '@tuma/kernel/testing';
import type { LockedWallet, WalletChangeRequest, WalletDecision, WalletStore, WalletWrite } from '../application/wallet-store.port.ts';
import type { LedgerEntry, LedgerEntryDraft, LedgerPage } from '../domain/ledger-entry.model.ts';
import type { Reservation } from '../domain/reservation.model.ts';
import { Wallet, type WalletSnapshot } from '../domain/wallet.aggregate.ts';

interface Book {
  wallet: WalletSnapshot;
  /** Oldest first. */
  readonly entries: UndoableList<LedgerEntry>;
  readonly entriesById: UndoableMap<string, LedgerEntry>;
  readonly entriesByReference: UndoableMap<string, LedgerEntry>;
  readonly reservations: UndoableMap<string, Reservation>;
  readonly reservationsByReference: UndoableMap<string, Reservation>;
}

/**
 * Wallets held in memory: for embedding the core and for tests. `post` and `change` read, decide
 * and write without yielding in between, so changes of one wallet never interleave, as the
 * database store guarantees with its row lock. A failing unit of work undoes what it wrote
 * (`ImmediateUnitOfWork`); each change itself is all or nothing.
 */
export class InMemoryWalletStore implements WalletStore {
  private readonly books = new UndoableMap<string, Book>();

  async open(wallet: WalletSnapshot): Promise<WalletSnapshot> {
    const existing = this.books.get(wallet.accountId);
    if (existing) return existing.wallet;
    this.books.set(wallet.accountId, {
      wallet,
      entries: new UndoableList(),
      entriesById: new UndoableMap(),
      entriesByReference: new UndoableMap(),
      reservations: new UndoableMap(),
      reservationsByReference: new UndoableMap(),
    });
    return wallet;
  }

  async find(accountId: string): Promise<WalletSnapshot | undefined> {
    return this.books.get(accountId)?.wallet;
  }

  async post(draft: LedgerEntryDraft): Promise<LedgerEntry | undefined> {
    const book = this.books.get(draft.accountId);
    if (!book || book.entriesByReference.has(draft.reference)) return undefined;
    const wallet = Wallet.rehydrate(book.wallet);
    const posted = wallet.post(draft);
    if (posted.isErr()) return undefined;
    this.write(book, { wallet: wallet.toSnapshot(), entry: posted.value });
    return posted.value;
  }

  async postMany(drafts: readonly LedgerEntryDraft[]): Promise<readonly (LedgerEntry | undefined)[]> {
    const posted: (LedgerEntry | undefined)[] = [];
    for (const draft of drafts) posted.push(await this.post(draft));
    return posted;
  }

  async change<T, E>(request: WalletChangeRequest, decide: (locked: LockedWallet | undefined) => Result<WalletDecision<T>, E>): Promise<Result<T, E>> {
    const book = this.books.get(request.accountId);
    const decision = decide(book && this.load(book, request));
    if (book && decision.isOk() && decision.value.write) this.write(book, decision.value.write);
    return decision.map((decided) => decided.value);
  }

  async entries(accountId: string, page: number, limit: number): Promise<LedgerPage> {
    const entries = this.books.get(accountId)?.entries ?? [];
    const newestFirst = entries.slice().reverse();
    return { entries: newestFirst.slice(page * limit, page * limit + limit), total: entries.length };
  }

  private load(book: Book, request: WalletChangeRequest): LockedWallet {
    const priorEntry = request.reference === undefined ? undefined : book.entriesByReference.get(request.reference);
    const priorReservation = request.reservationReference === undefined ? undefined : book.reservationsByReference.get(request.reservationReference);
    const target = request.entryId === undefined ? undefined : book.entriesById.get(request.entryId);
    return {
      wallet: book.wallet,
      prior: priorEntry ? { entry: priorEntry } : priorReservation ? { reservation: priorReservation } : undefined,
      entry: target && this.withHistory(book, target),
      reservation: request.reservationId === undefined ? undefined : book.reservations.get(request.reservationId),
    };
  }

  private withHistory(book: Book, entry: LedgerEntry) {
    let refunded = Money.zero(entry.amount.currency);
    let reversedBy: string | null = null;
    for (const later of book.entries) {
      if (later.refundOf === entry.id) refunded = refunded.add(later.amount);
      if (later.reverses === entry.id) reversedBy = later.id;
    }
    return { entry, refunded, reversedBy };
  }

  private write(book: Book, write: WalletWrite): void {
    if (write.wallet.accountId !== book.wallet.accountId) throw new Error('A wallet change wrote another wallet');
    const { wallet } = book;
    onRollback(() => {
      book.wallet = wallet;
    });
    book.wallet = write.wallet;
    if (write.entry) {
      book.entries.push(write.entry);
      book.entriesById.set(write.entry.id, write.entry);
      book.entriesByReference.set(write.entry.reference, write.entry);
    }
    if (write.reservation) {
      book.reservations.set(write.reservation.id, write.reservation);
      book.reservationsByReference.set(write.reservation.reference, write.reservation);
    }
  }
}
