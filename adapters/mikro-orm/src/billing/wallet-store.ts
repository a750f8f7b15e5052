import { sql } from 'kysely';
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
import { GatheredReads } from '../database/gathered-reads.ts';
import { insertPostedEntries, lockWallets, postEntryStatement, readForChange, takenReferences, writeChange } from './wallet-sql.ts';
import { entryOf, reservationOf, walletOf } from './wallet-rows.ts';
import { storedMoney } from '../database/stored-money.ts';

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
  private readonly gathered: GatheredReads<WalletSnapshot>;

  constructor(private readonly database: Database) {
    this.gathered = new GatheredReads(database, async (accountIds) => {
      const rows = await this.database.query.selectFrom('wallet').selectAll().where('account_id', 'in', accountIds).execute();
      return new Map(rows.map((row) => [row.account_id, walletOf(row)]));
    });
  }

  async open(wallet: WalletSnapshot): Promise<WalletSnapshot> {
    await this.database.query
      .insertInto('wallet')
      .values({ account_id: wallet.accountId, currency: wallet.currency, balance: '0', reserved: '0', updated_at: wallet.updatedAt })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
    const stored = await this.find(wallet.accountId);
    if (!stored) throw new Error(`Wallet of ${wallet.accountId} missing right after it was opened`);
    return stored;
  }

  /** Every /api/auth/me, balance and quote reads it: the reads of a moment in one plain statement (`GatheredReads`). */
  find(accountId: string): Promise<WalletSnapshot | undefined> {
    return this.gathered.read(accountId, async () => {
      const row = await this.database.query.selectFrom('wallet').selectAll().where('account_id', '=', accountId).executeTakeFirst();
      return row && walletOf(row);
    });
  }

  async post(draft: LedgerEntryDraft): Promise<LedgerEntry | undefined> {
    const [row] = (await postEntryStatement(draft).execute(this.database.query)).rows;
    return row && { ...draft, balanceAfter: storedMoney(row.balance_after, draft.amount.currency, `balance after entry ${draft.id}`) };
  }

  async postMany(drafts: readonly LedgerEntryDraft[]): Promise<readonly (LedgerEntry | undefined)[]> {
    if (drafts.length === 0) return [];
    this.mustBeInUnitOfWork();
    const locked = await lockWallets([...new Set(drafts.map((draft) => draft.accountId))]).execute(this.database.query);
    const wallets = new Map(locked.rows.map((row) => [row.account_id, Wallet.rehydrate(walletOf(row))] as const));
    const taken = await takenReferences(drafts.map((draft) => ({ account_id: draft.accountId, reference: draft.reference }))).execute(this.database.query);
    const used = new Set(taken.rows.map((row) => `${row.account_id}\u0000${row.reference}`));
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
      await insertPostedEntries(entries, changed).execute(this.database.query);
    }
    return posted;
  }

  async change<T, E>(request: WalletChangeRequest, decide: (locked: LockedWallet | undefined) => Result<WalletDecision<T>, E>): Promise<Result<T, E>> {
    this.mustBeInUnitOfWork();
    // `for no key update` is the weakest lock that excludes every other change of the row
    // (foreign-key checks against it still pass). When the lock had to wait, the row returned is
    // the version the previous holder committed.
    const wallet = await this.database.query.selectFrom('wallet').selectAll().where('account_id', '=', request.accountId).forNoKeyUpdate().executeTakeFirst();
    const locked = wallet && (await this.lockedWallet(walletOf(wallet), request));
    const decision = decide(locked);
    if (decision.isOk() && decision.value.write) {
      const [written] = (await writeChange(decision.value.write).execute(this.database.query)).rows;
      if (written?.updated !== 1) throw new Error(`Wallet of ${request.accountId} was not updated`);
    }
    return decision.map((decided) => decided.value);
  }

  /** The locked wallet with what the decision reads besides it, read once the lock is held. */
  private async lockedWallet(wallet: WalletSnapshot, request: WalletChangeRequest): Promise<LockedWallet | undefined> {
    const [row] = (await readForChange(request).execute(this.database.query)).rows;
    if (!row) return undefined;
    const prior: PriorOutcome | undefined = row.prior_entry
      ? { entry: entryOf(row.prior_entry) }
      : row.prior_reservation
        ? { reservation: reservationOf(row.prior_reservation) }
        : undefined;
    const target = row.target_entry;
    return {
      wallet,
      prior,
      entry: target ? { entry: entryOf(target), refunded: storedMoney(row.refunded, wallet.currency, `refunds of entry ${target.id}`), reversedBy: row.reversed_by } : undefined,
      reservation: row.reservation ? reservationOf(row.reservation) : undefined,
    };
  }

  async entries(accountId: string, page: number, limit: number): Promise<LedgerPage> {
    const ofAccount = this.database.query.selectFrom('ledger_entry').where('account_id', '=', accountId);
    const [rows, { total }] = await Promise.all([
      ofAccount.selectAll().orderBy('seq', 'desc').limit(limit).offset(page * limit).execute(),
      ofAccount.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { entries: rows.map(entryOf), total };
  }

  /** Outside a transaction the lock would end with the statement: a bug of the caller. */
  private mustBeInUnitOfWork(): void {
    if (!this.database.em.isInTransaction()) throw new Error('Wallet changes must run inside a unit of work');
  }
}
