import { describeMessageRepositoryContract } from '@tuma/messaging/testing/contracts';
import { MikroOrmBatchAudience, MikroOrmBatchRepository, MikroOrmMessageRepository } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describeMessageRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    messages: new MikroOrmMessageRepository(database),
    batches: new MikroOrmBatchRepository(database),
    audience: new MikroOrmBatchAudience(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});
