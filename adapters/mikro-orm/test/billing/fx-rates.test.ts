import { describeFxRatesContract } from '@tuma/billing/testing/contracts';
import { MikroOrmFxRates } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

describeFxRatesContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return { fxRates: new MikroOrmFxRates(database), step: (work) => database.withContext(work) };
});
