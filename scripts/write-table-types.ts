/**
 * `npm run db:types`: rewrites adapters/mikro-orm/src/database/tables.ts from a freshly migrated
 * embedded database. Run it after adding a migration; adapters/mikro-orm/test/database/table-types.test.ts
 * fails while the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { Database } from '@tuma/mikro-orm-adapter';
import { TABLE_TYPES_PATH, tableTypesSource } from './table-types.ts';

const database = await Database.open({ dataDir: 'memory://' });
try {
  await database.migrate();
  writeFileSync(TABLE_TYPES_PATH, await tableTypesSource(database));
  console.log(`wrote ${TABLE_TYPES_PATH}`);
} finally {
  await database.close();
}
