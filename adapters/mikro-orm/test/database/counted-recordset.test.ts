import { expect } from 'chai';
import { sql, type RawBuilder } from 'kysely';
import { countedRecordset } from '../../src/database/counted-recordset.ts';
import type { Database } from '../../src/index.ts';
import { databaseKind, testDatabase } from '../../../../test/support/test-database.ts';

describe(`countedRecordset on ${databaseKind()}`, () => {
  let database: Database;
  const plan = async (statement: RawBuilder<unknown>): Promise<string> =>
    database.withContext(async () => (await sql<{ 'QUERY PLAN': string }>`explain ${statement}`.execute(database.query)).rows.map((row) => row['QUERY PLAN']).join('\n'));

  before(async () => {
    database = await testDatabase();
    await database.withContext(async () => {
      await database.em.execute('drop table if exists counted_recordset_probe');
      await database.em.execute('create table counted_recordset_probe (id varchar primary key, n int not null, padding text not null)');
      await database.em.execute(`insert into counted_recordset_probe select 'row-' || g, g, repeat('x', 200) from generate_series(1, 6000) g`);
      await database.em.execute('analyze counted_recordset_probe');
    });
  });

  after(() => database.withContext(() => database.em.execute('drop table counted_recordset_probe')));

  it("lets a batch's few rows be looked up by key in a table of thousands, where a bare recordset is planned as a scan of the table", async () => {
    const records = [
      { id: 'row-5', n: 1 },
      { id: 'row-7', n: 2 },
    ];
    const counted = await plan(sql`update counted_recordset_probe t set n = r.n from ${countedRecordset(records, 'id varchar, n int')} where t.id = r.id`);
    expect(counted).to.match(/Index Scan using counted_recordset_probe_pkey/);
    expect(counted).to.not.match(/Seq Scan on counted_recordset_probe/);
    const bare = await plan(sql`update counted_recordset_probe t set n = r.n from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r (id varchar, n int) where t.id = r.id`);
    expect(bare, 'the planner assumes 100 rows without the count').to.match(/Seq Scan on counted_recordset_probe/);
  });
});
