/**
 * Child process of the "killed between debit and commit" test: opens the PostgreSQL database,
 * begins a unit of work, charges inside it, tells the parent (`charged <entry id>` on stdout) and
 * then waits forever with the transaction open, until the parent kills it.
 * Usage: node --conditions=tuma-source --import tsx charge-and-hang.ts <database url> <account id> <amount> <currency> <reference>
 */
import { WalletLedger } from '@tuma/billing';
import { Money, ResultAsync, systemClock } from '@tuma/kernel';
import { Database, MikroOrmUnitOfWork, MikroOrmWalletStore } from '../../../src/index.ts';

const [url, accountId, amount, currencyCode, reference] = process.argv.slice(2);
if (!url || !accountId || !amount || !currencyCode || !reference) throw new Error('usage: charge-and-hang.ts <url> <account> <amount> <currency> <reference>');

const database = await Database.open({ url, dataDir: 'memory://', poolSize: 1 });
const unitOfWork = new MikroOrmUnitOfWork(database);
const ledger = new WalletLedger(new MikroOrmWalletStore(database), unitOfWork, systemClock);
const money = Money.parse(amount, currencyCode)._unsafeUnwrap();

await database.withContext(() =>
  unitOfWork.run(() =>
    ledger.charge({ accountId, amount: money, reason: 'killed before commit', reference }).andThen((entry) => {
      process.stdout.write(`charged ${entry.id}\n`);
      return ResultAsync.fromSafePromise(new Promise<never>(() => {}));
    }),
  ),
);
