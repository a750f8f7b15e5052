import { describeCatalogueContract } from '@tuma/messaging/testing/contracts';
import { MikroOrmCatalogue } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

describeCatalogueContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return { catalogue: new MikroOrmCatalogue(database), step: (work) => database.withContext(work) };
});
