import { describeClicksContract, describeLinkRepositoryContract } from '@tuma/links/testing/contracts';
import { MikroOrmClicks, MikroOrmLinkRepository } from '../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../test/support/test-database.ts';
import { insertAccount } from './support/wallet-accounts.ts';

describeLinkRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: new MikroOrmLinkRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describeClicksContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    clicks: new MikroOrmClicks(database),
    links: new MikroOrmLinkRepository(database),
    accountId: await insertAccount(database),
    step: (work) => database.withContext(work),
  };
});
