import { atomically, err, errAsync, Money, ok, okAsync, ResultAsync, type Clock, type CurrencyCode, type Result, type UnitOfWork } from '@tuma/kernel';
import { checkAmount, checkPage, checkTexts } from '../domain/ledger-input.ts';
import type { LedgerEntry, LedgerEntryDraft, LedgerPage, RelatedObject } from '../domain/ledger-entry.model.ts';
import { replayEntry, replayReservation, type EntryOperation } from '../domain/ledger-replay.ts';
import type { Reservation } from '../domain/reservation.model.ts';
import { Wallet, type WalletSnapshot, type WalletView } from '../domain/wallet.aggregate.ts';
import {
  currencyMismatch,
  entryNotFound,
  insufficientBalance,
  reservationNotFound,
  walletNotFound,
  type WalletError,
} from '../domain/wallet-errors.ts';
import type { WalletBalances } from './wallet-balances.port.ts';
import type { LockedWallet, WalletChangeRequest, WalletDecision, WalletStore, WalletWrite } from './wallet-store.port.ts';

export interface OpenWalletInput {
  readonly accountId: string;
  /** The account's wallet currency; a wallet's currency never changes. */
  readonly currency: CurrencyCode;
}

export interface CreditInput {
  readonly accountId: string;
  /** Positive, in the wallet currency. */
  readonly amount: Money;
  readonly reason: string;
  /** Idempotency key, unique per account: a repeat returns the first outcome. */
  readonly reference: string;
  readonly related?: RelatedObject | null;
}

export interface ChargeInput extends CreditInput {
  /** `debit` (default) for messages, `fee` for anything else. */
  readonly kind?: 'debit' | 'fee';
}

export interface RefundInput {
  readonly accountId: string;
  /** The debit or fee entry to refund. */
  readonly entryId: string;
  /** Default: everything of it not refunded yet. */
  readonly amount?: Money;
  readonly reason: string;
  readonly reference: string;
}

export interface ReverseInput {
  readonly accountId: string;
  /** The credit entry to undo. */
  readonly entryId: string;
  readonly reason: string;
  readonly reference: string;
}

export type ReserveInput = CreditInput;

export interface CaptureReservationInput extends CreditInput {
  readonly reservationId: string;
}

export interface ReleaseReservationInput {
  readonly accountId: string;
  readonly reservationId: string;
  /** Default: everything left of the reservation. */
  readonly amount?: Money;
}

export interface TransactionsInput {
  readonly accountId: string;
  /** 0-based. */
  readonly page: number;
  readonly limit: number;
}

type EntryChange = { readonly entry: LedgerEntry; readonly reservation?: Reservation };
/** A reason and a reference as `checkTexts` passed them (the reason trimmed). */
type Texts = { readonly reason: string; readonly reference: string };

/** How one entry-making operation is checked, drafted and decided (see `entryOperation`). */
interface EntryOperationSpec {
  readonly input: { readonly accountId: string; readonly reason: string; readonly reference: string };
  /** The amount's check, done before any I/O. */
  readonly amount: Result<unknown, WalletError>;
  /** How a repeat of the reference is recognised. */
  readonly operation: EntryOperation;
  /** What the decision reads besides the wallet. */
  readonly loads?: Pick<WalletChangeRequest, 'entryId' | 'reservationId'>;
  /** Credits and plain charges: the entry offered to the store's fast path first. */
  readonly draft?: (texts: Texts, now: Date) => LedgerEntryDraft;
  /** The aggregate's decision under the wallet's lock. */
  readonly apply: (wallet: Wallet, locked: LockedWallet, texts: Texts, now: Date) => Result<EntryChange, WalletError>;
  /** The error when the account has no wallet (default `wallet_not_found`). */
  readonly whenNoWallet?: () => WalletError;
}

const viewOf = (snapshot: WalletSnapshot): WalletView => Wallet.rehydrate(snapshot).view();

/**
 * The wallet API the rest of the platform calls: prepaid wallets, their immutable ledger and
 * reservations. Every method runs in `unitOfWork.run`, so called inside a caller's unit of work
 * it commits or rolls back with the caller's writes; called alone it is its own transaction.
 * The rules are the `Wallet` aggregate's; the store serializes the changes of one wallet.
 */
export class WalletLedger implements WalletBalances {
  constructor(
    private readonly store: WalletStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Opens the account's wallet, or returns the one it has (in another currency: `currency_mismatch`). */
  openWallet(input: OpenWalletInput): ResultAsync<WalletView, WalletError> {
    const fresh = Wallet.open(input, this.clock.now()).toSnapshot();
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.store.open(fresh)).andThen((stored) =>
        stored.currency === input.currency ? ok(viewOf(stored)) : err(currencyMismatch(stored.currency, input.currency)),
      ),
    );
  }

  /** Money in. The wallet must exist (`wallet_not_found`: open it first). */
  credit(input: CreditInput): ResultAsync<LedgerEntry, WalletError> {
    return this.entryOperation({
      input,
      amount: checkAmount(input.amount),
      operation: { kind: 'credit', amount: input.amount },
      draft: (texts, now) => Wallet.draftCredit(input.accountId, { ...input, ...texts }, now),
      apply: (wallet, _, texts, now) => wallet.credit({ ...input, ...texts }, now).map((entry) => ({ entry })),
    });
  }

  /**
   * A debit (or fee) of at most what is available: else `insufficient_balance` with `required` and
   * `available`. An account without a wallet has nothing available.
   */
  charge(input: ChargeInput): ResultAsync<LedgerEntry, WalletError> {
    const kind = input.kind ?? 'debit';
    return this.entryOperation({
      input,
      amount: checkAmount(input.amount),
      operation: { kind, amount: input.amount },
      draft: (texts, now) => Wallet.draftCharge(input.accountId, { ...input, ...texts, kind }, now),
      apply: (wallet, _, texts, now) => wallet.charge({ ...input, ...texts, kind }, now).map((entry) => ({ entry })),
      whenNoWallet: () => insufficientBalance(input.amount, Money.zero(input.amount.currency)),
    });
  }

  /**
   * Many charges in one unit of work, each with its own outcome: the store posts them together, in
   * order, in a few statements (group commit of sends); one it cannot post (not enough money left
   * at its turn, a repeated reference, no wallet) is then decided alone with `charge`, after the
   * others, so it gets `charge`'s answer (a replay, or `insufficient_balance` with what is left).
   */
  chargeMany(inputs: readonly ChargeInput[]): ResultAsync<readonly Result<LedgerEntry, WalletError>[], never> {
    return atomically(this.unitOfWork, async () => {
      const now = this.clock.now();
      const drafts = inputs.map((input) => {
        const kind = input.kind ?? 'debit';
        return checkTexts(input).andThen((texts) => checkAmount(input.amount).map(() => Wallet.draftCharge(input.accountId, { ...input, ...texts, kind }, now)));
      });
      const posted = await this.store.postMany(drafts.flatMap((draft) => (draft.isOk() ? [draft.value] : [])));
      const outcomes: Result<LedgerEntry, WalletError>[] = [];
      let next = 0;
      for (const [index, draft] of drafts.entries()) {
        if (draft.isErr()) {
          outcomes.push(err(draft.error));
          continue;
        }
        const entry = posted[next++];
        outcomes.push(entry ? ok(entry) : await this.charge(inputs[index]!));
      }
      return ok(outcomes);
    }, { savepoint: false });
  }

  /** Gives back part or all of a debit or fee; all refunds of one never exceed it (`refund_exceeds_charge`). */
  refund(input: RefundInput): ResultAsync<LedgerEntry, WalletError> {
    const amount = input.amount === undefined ? ok(undefined) : checkAmount(input.amount);
    const operation: EntryOperation = { kind: 'refund', entryId: input.entryId, amount: input.amount };
    return this.entryOperation({
      input,
      amount,
      operation,
      loads: { entryId: input.entryId },
      apply: (wallet, locked, texts, now) => {
        if (!locked.entry) return err(entryNotFound(input.entryId, 'debit or fee'));
        const { entry: of, refunded } = locked.entry;
        return wallet.refund({ ...texts, of, refunded, amount: input.amount }, now).map((entry) => ({ entry }));
      },
    });
  }

  /** Undoes a credit in full, once; refused with `insufficient_balance` when the money is no longer available. */
  reverse(input: ReverseInput): ResultAsync<LedgerEntry, WalletError> {
    const operation: EntryOperation = { kind: 'reversal', entryId: input.entryId };
    return this.entryOperation({
      input,
      amount: ok(undefined),
      operation,
      loads: { entryId: input.entryId },
      apply: (wallet, locked, texts, now) => {
        if (!locked.entry) return err(entryNotFound(input.entryId, 'credit'));
        const { entry: credit, reversedBy } = locked.entry;
        return wallet.reverse({ ...texts, credit, reversedBy }, now).map((entry) => ({ entry }));
      },
    });
  }

  /** Holds money for scheduled or bulk work: `available` drops, the balance does not. */
  reserve(input: ReserveInput): ResultAsync<Reservation, WalletError> {
    const checked = checkTexts(input).andThen((texts) => checkAmount(input.amount).map(() => texts));
    if (checked.isErr()) return errAsync(checked.error);
    const request = { ...input, ...checked.value };
    return this.changeWallet({ accountId: input.accountId, reservationReference: request.reference }, (locked, now) => {
      if (!locked) return err(insufficientBalance(input.amount, Money.zero(input.amount.currency)));
      if (locked.prior) return replayReservation(input.amount, request.reference, locked.prior).map((reservation) => ({ value: reservation }));
      const wallet = Wallet.rehydrate(locked.wallet);
      return wallet.reserve(request, now).map((reservation) => ({ value: reservation, write: { wallet: wallet.toSnapshot(), reservation } }));
    });
  }

  /** Debits held money: at most what is left of the reservation (`reservation_exceeded`). */
  captureReservation(input: CaptureReservationInput): ResultAsync<LedgerEntry, WalletError> {
    const operation: EntryOperation = { kind: 'capture', reservationId: input.reservationId, amount: input.amount };
    return this.entryOperation({
      input,
      amount: checkAmount(input.amount),
      operation,
      loads: { reservationId: input.reservationId },
      apply: (wallet, locked, texts, now) => {
        if (!locked.reservation) return err(reservationNotFound(input.reservationId));
        return wallet.capture({ ...input, ...texts, reservation: locked.reservation }, now);
      },
    });
  }

  /** Gives held money back (default: everything left). Releasing a closed reservation in full changes nothing. */
  releaseReservation(input: ReleaseReservationInput): ResultAsync<Reservation, WalletError> {
    if (input.amount !== undefined) {
      const amount = checkAmount(input.amount);
      if (amount.isErr()) return errAsync(amount.error);
    }
    return this.changeWallet({ accountId: input.accountId, reservationId: input.reservationId }, (locked, now) => {
      if (!locked) return err(walletNotFound(input.accountId));
      if (!locked.reservation) return err(reservationNotFound(input.reservationId));
      const wallet = Wallet.rehydrate(locked.wallet);
      return wallet.release({ reservation: locked.reservation, amount: input.amount }, now).map(({ reservation, changed }) => ({
        value: reservation,
        write: changed ? { wallet: wallet.toSnapshot(), reservation } : undefined,
      }));
    });
  }

  /** The account's wallet, or undefined when it has none. */
  balance(accountId: string): ResultAsync<WalletView | undefined, WalletError> {
    // One read of one row: no transaction (BEGIN and COMMIT would be two more round trips on every
    // /api/auth/me and quote).
    return ResultAsync.fromSafePromise(this.store.find(accountId)).map((stored) => stored && viewOf(stored));
  }

  /** The account's entries, newest first; none when it has no wallet. */
  transactions(input: TransactionsInput): ResultAsync<LedgerPage, WalletError> {
    const page = checkPage(input.page, input.limit);
    if (page.isErr()) return errAsync(page.error);
    return atomically(this.unitOfWork, async () => ok(await this.store.entries(input.accountId, page.value.page, page.value.limit)));
  }

  /** `WalletBalances` for quotes: the balance, or undefined when the account has no wallet. */
  async balanceOf(accountId: string): Promise<Money | undefined> {
    const view = await this.balance(accountId);
    if (view.isErr()) throw new Error(`Reading the balance of ${accountId} failed: ${view.error.message}`);
    return view.value?.balance;
  }

  /**
   * The shape of every operation that appends one entry: inputs checked before any I/O. A credit or
   * plain charge is first offered to the store's fast path (`post`). Otherwise, or when the fast
   * path does not apply it, under the wallet's lock: a repeat of the reference returns the first
   * entry, and otherwise the aggregate decides and the store writes the wallet with the new entry.
   */
  private entryOperation(spec: EntryOperationSpec): ResultAsync<LedgerEntry, WalletError> {
    const { input } = spec;
    const texts = checkTexts(input);
    if (texts.isErr()) return errAsync(texts.error);
    if (spec.amount.isErr()) return errAsync(spec.amount.error);
    const { reference } = texts.value;
    const decided = () =>
      this.decide({ accountId: input.accountId, reference, ...spec.loads }, (locked, now): Result<WalletDecision<LedgerEntry>, WalletError> => {
        if (!locked) return err(spec.whenNoWallet?.() ?? walletNotFound(input.accountId));
        if (locked.prior) return replayEntry(spec.operation, reference, locked.prior).map((entry) => ({ value: entry }));
        const wallet = Wallet.rehydrate(locked.wallet);
        return spec.apply(wallet, locked, texts.value, now).map(({ entry, reservation }) => {
          const write: WalletWrite = { wallet: wallet.toSnapshot(), entry, ...(reservation ? { reservation } : {}) };
          return { value: entry, write };
        });
      });
    const { draft } = spec;
    if (!draft) return this.unitOfWork.run(decided);
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.store.post(draft(texts.value, this.clock.now()))).andThen((posted) => (posted ? okAsync(posted) : decided())),
    );
  }

  private changeWallet<T>(
    request: WalletChangeRequest,
    decide: (locked: LockedWallet | undefined, now: Date) => Result<WalletDecision<T>, WalletError>,
  ): ResultAsync<T, WalletError> {
    return this.unitOfWork.run(() => this.decide(request, decide));
  }

  /** One `store.change`, in whatever unit of work is current. */
  private decide<T>(
    request: WalletChangeRequest,
    decide: (locked: LockedWallet | undefined, now: Date) => Result<WalletDecision<T>, WalletError>,
  ): ResultAsync<T, WalletError> {
    return new ResultAsync(this.store.change(request, (locked) => decide(locked, this.clock.now())));
  }
}
