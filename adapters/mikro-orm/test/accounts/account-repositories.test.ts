import { describeAccountRepositoryContract } from '@tuma/accounts/testing/contracts';
import { MikroOrmAccountRepository, MikroOrmApiKeyRepository } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

describeAccountRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    accounts: new MikroOrmAccountRepository(database),
    apiKeys: new MikroOrmApiKeyRepository(database),
    step: (work) => database.withContext(work),
  };
});
