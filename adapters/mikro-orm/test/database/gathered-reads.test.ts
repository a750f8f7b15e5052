import { expect } from 'chai';
import { sql } from 'kysely';
import { atomically, ok } from '@tuma/kernel';
import { GatheredReads } from '../../src/database/gathered-reads.ts';
import { MikroOrmUnitOfWork } from '../../src/index.ts';
import { databaseKind, testDatabase } from '../../../../test/support/test-database.ts';

/** A scratch table of key/value rows, and gathered reads of it that count their statements. */
async function world() {
  const database = await testDatabase();
  const table = `gathered_${Math.random().toString(36).slice(2, 10)}`;
  await database.withContext(() => sql`create table ${sql.table(table)} (k text primary key, v int not null)`.execute(database.query));
  const statements: (readonly string[])[] = [];
  const reads = new GatheredReads<number>(database, async (keys) => {
    statements.push(keys);
    const { rows } = await sql<{ k: string; v: number }>`select k, v from ${sql.table(table)} where k = any(${[...keys]})`.execute(database.query);
    return new Map(rows.map((row) => [row.k, row.v]));
  });
  const alone = (key: string) => async () => (await sql<{ v: number }>`select v from ${sql.table(table)} where k = ${key}`.execute(database.query)).rows[0]?.v;
  const write = (key: string, value: number) => sql`insert into ${sql.table(table)} (k, v) values (${key}, ${value}) on conflict (k) do update set v = excluded.v`.execute(database.query);
  return { database, reads, statements, alone, write };
}

describe(`GatheredReads on ${databaseKind()}: the reads of a moment in one statement`, () => {
  it('answers each of 40 concurrent reads with its own value (none for a missing key) in a statement or two', async () => {
    const w = await world();
    await w.database.withContext(async () => {
      for (let i = 0; i < 20; i++) await w.write(`key${i}`, i * 10);
    });
    const keys = Array.from({ length: 40 }, (_, i) => `key${i % 25}`);
    const values = await Promise.all(keys.map((key) => w.database.withContext(() => w.reads.read(key, w.alone(key)))));
    expect(values).to.deep.equal(keys.map((_, i) => (i % 25 < 20 ? (i % 25) * 10 : undefined)));
    expect(w.statements.length, 'gathered').to.be.at.most(2);
    expect(w.statements[0], 'each key asked once').to.have.length(new Set(w.statements[0]).size);
  });

  it('sees every write committed before it was asked, however many reads are in flight', async () => {
    const w = await world();
    await w.database.withContext(() => w.write('balance', 1));
    const early = Array.from({ length: 10 }, () => w.database.withContext(() => w.reads.read('balance', w.alone('balance'))));
    await w.database.withContext(() => w.write('balance', 2));
    const late = await w.database.withContext(() => w.reads.read('balance', w.alone('balance')));
    expect(late, 'asked after the write committed').to.equal(2);
    for (const value of await Promise.all(early)) expect([1, 2]).to.include(value);
  });

  it("inside a unit of work reads alone, on the transaction's connection, and sees its own writes", async () => {
    const w = await world();
    const uow = new MikroOrmUnitOfWork(w.database);
    const seen = await w.database.withContext(() =>
      atomically(uow, async () => {
        await w.write('inside', 7);
        return ok(await w.reads.read('inside', w.alone('inside')));
      }),
    );
    expect(seen._unsafeUnwrap()).to.equal(7);
    expect(w.statements, 'no gathered statement').to.deep.equal([]);
  });
});
