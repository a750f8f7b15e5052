import { describeTemplateRepositoryContract } from '@tuma/messaging/testing/contracts';
import { MikroOrmTemplateRepository } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describeTemplateRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    templates: new MikroOrmTemplateRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});
