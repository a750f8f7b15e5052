import { expect } from 'chai';
import pg from 'pg';
import { prepareRepeatedStatements } from '../../src/database/prepared-statements.ts';
import { skipBecause } from '../../../../test/support/private-postgres.ts';

/** The names prepared on the pool's one connection. */
const preparedNames = async (pool: pg.Pool): Promise<string[]> =>
  ((await pool.query('select name from pg_prepared_statements order by name')).rows as { name: string }[]).map((row) => row.name);

describe('repeated statements as named prepared statements (PostgreSQL)', () => {
  let pool: pg.Pool;

  beforeEach(async function () {
    if (!process.env.DATABASE_URL) skipBecause(this, 'needs PostgreSQL (DATABASE_URL): the embedded database has no pool to prepare on');
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    prepareRepeatedStatements(pool);
    await pool.query('drop table if exists prepared_probe');
    await pool.query('create table prepared_probe (a int)');
    await pool.query('insert into prepared_probe values (1), (2)');
  });
  afterEach(async () => {
    await pool?.query('drop table if exists prepared_probe');
    await pool?.end();
  });

  it('prepares a text with parameters from its third run, answers the same every time, and never names one without', async () => {
    const answers = [];
    for (let run = 0; run < 4; run++) {
      answers.push((await pool.query('select $1::int + 1 as n', [run])).rows[0].n);
      await pool.query('select 41 + 1 as n');
      if (run === 1) expect(await preparedNames(pool), 'seen twice').to.deep.equal([]);
    }
    expect(answers).to.deep.equal([1, 2, 3, 4]);
    const names = await preparedNames(pool);
    expect(names).to.have.length(1);
    const [row] = (await pool.query('select statement from pg_prepared_statements')).rows as { statement: string }[];
    expect(row!.statement).to.equal('select $1::int + 1 as n');
  });

  it('names at most 400 texts, however many the process sends', async () => {
    for (let text = 0; text < 420; text++) for (let run = 0; run < 3; run++) await pool.query(`select $1::int + ${text} as n`, [run]);
    expect(await preparedNames(pool)).to.have.length(400);
    expect((await pool.query('select $1::int + 419 as n', [1])).rows[0].n, 'unnamed beyond the bound, answered all the same').to.equal(420);
  });

  it('prepares a text again when its table changed: at once outside a transaction, after the failed one inside', async () => {
    const probe = async () => (await pool.query('select * from prepared_probe where a >= $1 order by a', [1])).rows;
    for (let run = 0; run < 3; run++) expect(await probe()).to.deep.equal([{ a: 1 }, { a: 2 }]);
    await pool.query('alter table prepared_probe add column b int default 7');
    expect(await probe(), 'outside a transaction').to.deep.equal([{ a: 1, b: 7 }, { a: 2, b: 7 }]);
    expect(await probe(), 'prepared again').to.deep.equal([{ a: 1, b: 7 }, { a: 2, b: 7 }]);
    await pool.query('alter table prepared_probe add column c int default 8');
    await pool.query('begin');
    let refused: unknown;
    await probe().catch((error: unknown) => (refused = error));
    await pool.query('rollback');
    expect((refused as Error).message).to.equal('cached plan must not change result type');
    expect(await probe(), 'its retry').to.deep.equal([{ a: 1, b: 7, c: 8 }, { a: 2, b: 7, c: 8 }]);
  });

  it('prepares a text again when the connection lost its prepared statements', async () => {
    for (let run = 0; run < 3; run++) await pool.query('select $1::int * 2 as n', [run]);
    await pool.query('deallocate all');
    expect((await pool.query('select $1::int * 2 as n', [21])).rows[0].n).to.equal(42);
    expect((await pool.query('select $1::int * 2 as n', [5])).rows[0].n).to.equal(10);
    expect(await preparedNames(pool)).to.have.length(1);
  });
});
