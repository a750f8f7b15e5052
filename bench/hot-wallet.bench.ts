/**
 * Hot wallet: debits per second on ONE wallet on the real PostgreSQL, from many connections at
 * once (and the same with the store's fast path turned off, which is what the general
 * lock-read-decide-write path would give), next to baselines on the same server, pool size and
 * worker count:
 *  - `raw update`: `update counter set n = n + 1 where id = 1`, in autocommit (the cost of one
 *    hot row with no application at all) and inside begin/commit (the ceiling of anything that
 *    updates one row inside a transaction: the row lock is held across a round trip and the commit);
 *  - `raw ledger SQL`: the statements a charge runs (begin, the conditional post, commit) sent
 *    with `pg` directly, which shows what MikroORM, the unit of work and the domain add on top.
 * Run: `npm run bench -- hot-wallet`. Uses DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres) and a scratch database it creates and drops.
 */
import pg from 'pg';
import { withScratchDatabase } from './support/scratch-database.ts';
import { Wallet, WalletLedger, type WalletStore } from '@tuma/billing';
import { currency, Money, newId, systemClock } from '@tuma/kernel';
import { Database, MikroOrmUnitOfWork, MikroOrmWalletStore } from '@tuma/mikro-orm-adapter';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { postEntryStatement } from '../adapters/mikro-orm/src/billing/wallet-sql.ts';

const WORKER_COUNTS = [8, 16, 32];
const WARM_UP_MS = 1_000;
const MEASURE_MS = 5_000;
const KES = currency('KES');
const DEBIT = Money.parse('0.01', KES)._unsafeUnwrap();

/** Runs `workers` loops of `step` for the warm-up and then the measured window; returns completed steps/s in the window. */
async function drive(workers: number, step: (worker: number, index: number) => Promise<boolean>): Promise<{ rate: number; refused: number }> {
  const started = performance.now();
  const measureFrom = started + WARM_UP_MS;
  const stopAt = measureFrom + MEASURE_MS;
  let counted = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let index = 0; performance.now() < stopAt; index++) {
        const ok = await step(worker, index);
        const now = performance.now();
        if (now >= measureFrom && now < stopAt) {
          if (ok) counted++;
          else refused++;
        }
      }
    }),
  );
  return { rate: counted / (MEASURE_MS / 1000), refused };
}

/** The store with its fast path turned off: every charge takes the general path (lock, read, decide, write). */
function generalPathOnly(store: WalletStore): WalletStore {
  return {
    open: (wallet) => store.open(wallet),
    find: (accountId) => store.find(accountId),
    post: async () => undefined,
    postMany: async (drafts) => drafts.map(() => undefined),
    change: (request, decide) => store.change(request, decide),
    entries: (accountId, page, limit) => store.entries(accountId, page, limit),
  };
}

async function ledgerRate(url: string, workers: number, path: 'fast' | 'general'): Promise<{ rate: number; refused: number }> {
  const database = await Database.open({ url, dataDir: 'memory://', poolSize: workers });
  try {
    const store = new MikroOrmWalletStore(database);
    const ledger = new WalletLedger(path === 'fast' ? store : generalPathOnly(store), new MikroOrmUnitOfWork(database), systemClock);
    const account = newId('acc');
    await database.withContext(() =>
      database.em.execute(`insert into account (id, email, status, is_admin, wallet_currency, created_at, updated_at) values (?, ?, 'active', false, 'KES', now(), now())`, [
        account,
        `${account.toLowerCase()}@bench.local`,
      ]),
    );
    const initial = Money.parse('1000000000', KES)._unsafeUnwrap();
    await database.withContext(() =>
      ledger.openWallet({ accountId: account, currency: KES }).andThen(() => ledger.credit({ accountId: account, amount: initial, reason: 'bench', reference: 'seed' })),
    );
    const result = await drive(workers, async (worker, index) => {
      const charged = await database.withContext(() =>
        ledger.charge({ accountId: account, amount: DEBIT, reason: 'bench', reference: `w${worker}-${index}` }),
      );
      return charged.isOk();
    });
    await checkLedger(database, account, initial);
    return result;
  } finally {
    await database.close();
  }
}

/** The bench's own sanity check: the wallet equals its ledger and every debit is in it. */
async function checkLedger(database: Database, account: string, initial: Money): Promise<void> {
  const [row] = await database.withContext(() =>
    database.em.execute<{ balance: string; sum: string; debits: string }[]>(
      `select w.balance::text as balance, (select sum(amount)::text from ledger_entry where account_id = w.account_id) as sum,
         (select count(*)::text from ledger_entry where account_id = w.account_id and kind = 'debit') as debits
       from wallet w where w.account_id = ?`,
      [account],
    ),
  );
  const expected = initial.subtract(DEBIT.multiply(BigInt(row!.debits)));
  if (row!.balance !== row!.sum || row!.balance !== expected.toDecimalString()) {
    throw new Error(`Ledger mismatch: balance ${row!.balance}, sum ${row!.sum}, expected ${expected.toDecimalString()}`);
  }
}

/** `n = n + 1` on one row: alone in autocommit, or in an explicit transaction (begin, update, commit) like a charge. */
async function rawUpdateRate(url: string, workers: number, inTransaction: boolean): Promise<{ rate: number; refused: number }> {
  const pool = new pg.Pool({ connectionString: url, max: workers });
  try {
    await pool.query('create table if not exists bench_counter (id int primary key, n bigint not null)');
    await pool.query('insert into bench_counter values (1, 0) on conflict (id) do update set n = 0');
    return await drive(workers, async () => {
      if (!inTransaction) {
        await pool.query('update bench_counter set n = n + 1 where id = 1');
        return true;
      }
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('update bench_counter set n = n + 1 where id = 1');
        await client.query('commit');
        return true;
      } finally {
        client.release();
      }
    });
  } finally {
    await pool.end();
  }
}

/** Compiles the store's statements without a connection (`$n` placeholders), to send them with `pg` directly. */
const COMPILER = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** The same statements as a charge's fast path (begin, the conditional post, commit), sent with `pg` directly. */
async function rawLedgerRate(url: string, workers: number): Promise<{ rate: number; refused: number }> {
  const pool = new pg.Pool({ connectionString: url, max: workers });
  const account = newId('acc');
  try {
    await pool.query(`insert into account (id, email, status, is_admin, wallet_currency, created_at, updated_at) values ($1, $2, 'active', false, 'KES', now(), now())`, [
      account,
      `${account.toLowerCase()}@raw.bench.local`,
    ]);
    await pool.query(`insert into wallet (account_id, currency, balance, reserved, updated_at) values ($1, 'KES', 1000000000, 0, now())`, [account]);
    return await drive(workers, async (worker, index) => {
      const draft = Wallet.draftCharge(account, { amount: DEBIT, reason: 'bench', reference: `raw-${worker}-${index}`, kind: 'debit' }, new Date());
      const { sql, parameters } = postEntryStatement(draft).compile(COMPILER);
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rowCount } = await client.query(sql, [...parameters]);
        await client.query('commit');
        return rowCount === 1;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    });
  } finally {
    await pool.end();
  }
}

const perSecond = (rate: number): string => `${Math.round(rate).toLocaleString('en-US')}/s`;

export default async function (): Promise<void> {
  await withScratchDatabase(async (url, admin) => {
    const migrated = await Database.open({ url, dataDir: 'memory://', poolSize: 1 });
    await migrated.migrate();
    await migrated.close();
    const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
    console.log(`PostgreSQL ${version}, scratch database ${new URL(url).pathname.slice(1)}; one wallet, debits of ${DEBIT}, ${WARM_UP_MS} ms warm-up, ${MEASURE_MS} ms measured`);
    for (const workers of WORKER_COUNTS) {
      const ours = await ledgerRate(url, workers, 'fast');
      const general = await ledgerRate(url, workers, 'general');
      const rawLedger = await rawLedgerRate(url, workers);
      const rawUpdateInTransaction = await rawUpdateRate(url, workers, true);
      const rawUpdate = await rawUpdateRate(url, workers, false);
      console.log(`${workers} workers, pool ${workers}:`);
      console.log(`  WalletLedger.charge (MikroORM):        ${perSecond(ours.rate)} debits (refused: ${ours.refused})`);
      console.log(`    same, general path only (no post):   ${perSecond(general.rate)} debits`);
      console.log(`  raw ledger SQL (pg):                   ${perSecond(rawLedger.rate)} debits`);
      console.log(`  raw update n = n + 1, in transaction:  ${perSecond(rawUpdateInTransaction.rate)} updates`);
      console.log(`  raw update n = n + 1, autocommit:      ${perSecond(rawUpdate.rate)} updates`);
      const ratio = (baseline: { rate: number }) => `${(ours.rate / baseline.rate).toFixed(2)}x`;
      console.log(`  ratio ledger / raw ledger SQL ${ratio(rawLedger)}, / update in transaction ${ratio(rawUpdateInTransaction)}, / update autocommit ${ratio(rawUpdate)}`);
    }
  });
}
