import { describeInboundMessageRepositoryContract } from '@tuma/messaging/testing/contracts';
import { MikroOrmInboundMessageRepository, MikroOrmMessageRepository } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describeInboundMessageRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  const outbound = new MikroOrmMessageRepository(database);
  return {
    inbound: new MikroOrmInboundMessageRepository(database),
    addOutbound: (messages) => outbound.add(messages),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});
