import { expect } from 'chai';
import fc from 'fast-check';
import { sql } from 'kysely';
import { textArrayLiteral } from '../../src/database/array-literal.ts';
import { databaseKind, testDatabase } from '../../../../test/support/test-database.ts';

describe(`text array literals read back by ${databaseKind()}`, () => {
  const readBack = async (values: readonly (string | null)[]) => {
    const database = await testDatabase();
    const { rows } = await sql<{ values: (string | null)[] }>`select ${textArrayLiteral(values)}::text[] as values`.execute(database.query);
    return rows[0]!.values;
  };

  it('keeps quotes, backslashes, braces, commas, blanks, NULL and the word NULL apart', async () => {
    const values = ['plain', 'say "hi"', 'back\\slash', '{braces}', 'a,b', ' padded ', '', null, 'NULL', 'Chrome Mobile', 'kiswahili: habari ✓'];
    expect(await readBack(values)).to.deep.equal(values);
    expect(await readBack([])).to.deep.equal([]);
  });

  it('round-trips any text PostgreSQL can hold', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replace(/\u0000/g, ''));
    await fc.assert(fc.asyncProperty(fc.array(fc.option(text, { nil: null }), { maxLength: 20 }), async (values) => {
      expect(await readBack(values)).to.deep.equal(values);
    }), { numRuns: 100 });
  });
});
