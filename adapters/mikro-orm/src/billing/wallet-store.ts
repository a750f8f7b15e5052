import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  LedgerEntry,
  LedgerEntryDraft,
  LedgerPage,
  LockedWallet,
  PriorOutcome,
  WalletChangeRequest,
  WalletDecision,
  WalletSnapshot,
  WalletStore,
} from '@tuma/billing';
import { Wallet } from '@tuma/billing';
import type { Result } from '@tuma/kernel';
import type { Database } from '../database/database.ts';
import { LedgerEntryRecord } from './ledger-entry.entity.ts';
import {
  INSERT_POSTED_ENTRIES,
  LOCK_WALLET,
  LOCK_WALLETS,
  postEntry,
  postedEntryRecord,
  READ_FOR_CHANGE,
  TAKEN_REFERENCES,
  writeChange,
  type ChangeReadsRow,
} from './wallet-sql.ts';
import {
  entryToDomain,
  jsonRow,
  reservationToDomain,
  walletToDomain,
  type EntryRow,
  type ReservationRow,
  type WalletRow,
} from './wallet-rows.ts';
import { storedMoney } from '../database/stored-money.ts';

const ENTRY_DATES = ['createdAt'];
const RESERVATION_DATES = ['createdAt', 'updatedAt'];

/**
 * Wallets in PostgreSQL (tables `wallet`, `ledger_entry`, `reservation`). Changes of one wallet
 * are serialized by a row lock on its `wallet` row, held to the end of the surrounding
 * transaction. `post` takes it in its single conditional statement (docs/billing.md: the hot
 * path); `change` takes it first, then reads what the decision needs in a second statement (so
 * that it sees everything the previous holder committed), lets the domain decide and writes the
 * wallet with its new entry or reservation in one statement. Table checks (balance >= reserved >=
 * 0, signs by kind, unique references, immutable entries) back the rules up.
 */
export class MikroOrmWalletStore implements WalletStore {
  constructor(private readonly database: Database) {}

  private get em(): EntityManager {
    return this.database.em;
  }

  async open(wallet: WalletSnapshot): Promise<WalletSnapshot> {
    await this.em.execute(
      `insert into wallet (account_id, currency, balance, reserved, updated_at) values (?, ?, 0, 0, ?::timestamptz)
       on conflict (account_id) do nothing`,
      [wallet.accountId, wallet.currency, wallet.updatedAt.toISOString()],
      'run',
    );
    const stored = await this.find(wallet.accountId);
    if (!stored) throw new Error(`Wallet of ${wallet.accountId} missing right after it was opened`);
    return stored;
  }

  /** One plain statement (not an entity load): every /api/auth/me and quote reads the balance. */
  async find(accountId: string): Promise<WalletSnapshot | undefined> {
    const [row] = await this.em.execute<{ currency: string; balance: string; reserved: string; updated_ms: string }[]>(
      `select currency, balance::text as balance, reserved::text as reserved,
              (extract(epoch from date_trunc('milliseconds', updated_at)) * 1000)::bigint as updated_ms
         from wallet where account_id = ?`,
      [accountId],
    );
    return row && walletToDomain({ accountId, currency: row.currency, balance: row.balance, reserved: row.reserved, updatedAt: new Date(Number(row.updated_ms)) });
  }

  async post(draft: LedgerEntryDraft): Promise<LedgerEntry | undefined> {
    const { sql, params } = postEntry(draft);
    const [row] = await this.em.execute<{ balance_after: string }[]>(sql, params);
    return row && { ...draft, balanceAfter: storedMoney(row.balance_after, draft.amount.currency, `balance after entry ${draft.id}`) };
  }

  async postMany(drafts: readonly LedgerEntryDraft[]): Promise<readonly (LedgerEntry | undefined)[]> {
    if (drafts.length === 0) return [];
    if (!this.em.isInTransaction()) throw new Error('Wallet changes must run inside a unit of work');
    const accountIds = [...new Set(drafts.map((draft) => draft.accountId))];
    const locked = await this.em.execute<{ wallet: unknown }[]>(LOCK_WALLETS, [JSON.stringify(accountIds)]);
    const wallets = new Map(locked.map(({ wallet }) => {
      const snapshot = walletToDomain(jsonRow<WalletRow>(wallet, ['updatedAt'])!);
      return [snapshot.accountId, Wallet.rehydrate(snapshot)] as const;
    }));
    const references = drafts.map((draft) => ({ account_id: draft.accountId, reference: draft.reference }));
    const taken = await this.em.execute<{ account_id: string; reference: string }[]>(TAKEN_REFERENCES, [JSON.stringify(references)]);
    const used = new Set(taken.map((row) => `${row.account_id}\u0000${row.reference}`));
    const posted = drafts.map((draft) => {
      const wallet = wallets.get(draft.accountId);
      const key = `${draft.accountId}\u0000${draft.reference}`;
      if (!wallet || used.has(key)) return undefined;
      const entry = wallet.post(draft);
      if (entry.isErr()) return undefined;
      used.add(key);
      return entry.value;
    });
    const entries = posted.filter((entry): entry is LedgerEntry => entry !== undefined);
    if (entries.length > 0) {
      const changed = [...new Set(entries.map((entry) => entry.accountId))].map((accountId) => wallets.get(accountId)!.toSnapshot());
      const balances = changed.map((w) => ({ account_id: w.accountId, balance: w.balance.toDecimalString(), updated_at: w.updatedAt.toISOString() }));
      await this.em.execute(INSERT_POSTED_ENTRIES, [JSON.stringify(entries.map(postedEntryRecord)), JSON.stringify(balances)], 'run');
    }
    return posted;
  }

  async change<T, E>(request: WalletChangeRequest, decide: (locked: LockedWallet | undefined) => Result<WalletDecision<T>, E>): Promise<Result<T, E>> {
    // Outside a transaction the lock would end with the statement: a bug of the caller.
    if (!this.em.isInTransaction()) throw new Error('Wallet changes must run inside a unit of work');
    const [locked] = await this.em.execute<{ wallet: unknown }[]>(LOCK_WALLET, [request.accountId]);
    const reads = locked && (await this.readForChange(request));
    const decision = decide(locked && reads && toLocked(locked.wallet, reads));
    if (decision.isOk() && decision.value.write) {
      const { sql, params } = writeChange(decision.value.write);
      const [written] = await this.em.execute<{ updated: number }[]>(sql, params);
      if (written?.updated !== 1) throw new Error(`Wallet of ${request.accountId} was not updated`);
    }
    return decision.map((decided) => decided.value);
  }

  private async readForChange(request: WalletChangeRequest): Promise<ChangeReadsRow | undefined> {
    const entryId = request.entryId ?? null;
    const params = [request.reference ?? null, request.reservationReference ?? null, entryId, entryId, entryId, request.reservationId ?? null, request.accountId];
    const [row] = await this.em.execute<ChangeReadsRow[]>(READ_FOR_CHANGE, params);
    return row;
  }

  async entries(accountId: string, page: number, limit: number): Promise<LedgerPage> {
    const [rows, total] = await this.em.findAndCount(
      LedgerEntryRecord,
      { accountId },
      { orderBy: { seq: 'desc' }, limit, offset: page * limit, refresh: true },
    );
    return { entries: rows.map(entryToDomain), total };
  }
}

function toLocked(walletJson: unknown, row: ChangeReadsRow): LockedWallet {
  const wallet = walletToDomain(jsonRow<WalletRow>(walletJson, ['updatedAt'])!);
  const priorEntry = jsonRow<EntryRow>(row.prior_entry, ENTRY_DATES);
  const priorReservation = jsonRow<ReservationRow>(row.prior_reservation, RESERVATION_DATES);
  const prior: PriorOutcome | undefined = priorEntry
    ? { entry: entryToDomain(priorEntry) }
    : priorReservation
      ? { reservation: reservationToDomain(priorReservation) }
      : undefined;
  const target = jsonRow<EntryRow>(row.target_entry, ENTRY_DATES);
  const reservation = jsonRow<ReservationRow>(row.reservation, RESERVATION_DATES);
  return {
    wallet,
    prior,
    entry: target && {
      entry: entryToDomain(target),
      refunded: storedMoney(row.refunded, wallet.currency, `refunds of entry ${target.id}`),
      reversedBy: row.reversed_by,
    },
    reservation: reservation && reservationToDomain(reservation),
  };
}
