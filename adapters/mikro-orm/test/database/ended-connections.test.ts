import { expect } from 'chai';
import { okAsync, ResultAsync } from '@tuma/kernel';
import { Database, MikroOrmUnitOfWork } from '../../src/index.ts';
import { privatePostgresMissing, skipBecause, startPrivatePostgres, type PrivatePostgres } from '../../../../test/support/private-postgres.ts';
import { until } from '../../../../test/support/until.ts';

/**
 * Transactions whose connections die under them (the database stopped mid-transaction) must give
 * their connections back: Kysely never releases one whose rollback failed, and a pool of dead
 * connections made every later query wait for ever (releaseEndedConnections).
 */
describe('pooled connections that die inside a transaction (private PostgreSQL cluster)', function () {
  this.timeout(60_000);
  let cluster: PrivatePostgres;
  let database: Database;

  before(async function () {
    const missing = privatePostgresMissing();
    if (missing) skipBecause(this, missing);
    cluster = await startPrivatePostgres();
    database = await Database.open({ url: cluster.url, dataDir: 'memory://', poolSize: 2 });
  });
  after(async () => {
    await database?.close();
    await cluster?.destroy();
  });

  it('serves again once the database is back, when every connection of the pool died in a transaction', async () => {
    const uow = new MikroOrmUnitOfWork(database);
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let inside = 0;
    // As many transactions as the pool has connections, each stopped half-way while the database goes.
    const transactions = Array.from({ length: 2 }, () =>
      database.withContext(() =>
        uow
          .run(() =>
            ResultAsync.fromSafePromise(
              (async () => {
                await database.em.execute('select 1');
                inside++;
                await paused;
                await database.em.execute('select 2');
              })(),
            ).andThen(() => okAsync(undefined)),
          )
          .match(
            () => 'committed',
            () => 'refused',
          )
          .catch((error: Error) => error.message),
      ),
    );
    await until('both transactions inside', async () => inside, (n) => n === 2);
    await cluster.stop();
    resume();
    const ended = await Promise.all(transactions);
    expect(ended.every((outcome) => /terminated|not queryable|ECONNRESET|closed/i.test(outcome)), ended.join('; ')).to.equal(true);
    await cluster.start();
    const answer = await until('a query after the return', () => database.withContext(() => database.em.execute<{ n: number }[]>('select 3 as n')).catch((error: Error) => error.message), (rows) => Array.isArray(rows), 15_000);
    expect(answer).to.deep.equal([{ n: 3 }]);
  });
});
