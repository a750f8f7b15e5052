import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { TABLE_TYPES_PATH, tableTypesSource } from '../../../../scripts/table-types.ts';
import { databaseKind, testDatabase } from '../../../../test/support/test-database.ts';

describe(`the generated table types on ${databaseKind()}`, () => {
  it('are the tables the migrations make (npm run db:types rewrites them)', async () => {
    const kept = readFileSync(new URL(`../../../../${TABLE_TYPES_PATH}`, import.meta.url), 'utf8');
    expect(await tableTypesSource(await testDatabase())).to.equal(kept);
  });
});
