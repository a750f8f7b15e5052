import { ApiKey } from '@tuma/accounts';
import { describeMessageReportsContract } from '@tuma/messaging/testing/contracts';
import { MikroOrmApiKeyRepository, MikroOrmBatchRepository, MikroOrmMessageReports, MikroOrmMessageRepository } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describeMessageReportsContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  const keys = new MikroOrmApiKeyRepository(database);
  return {
    reports: new MikroOrmMessageReports(database),
    messages: new MikroOrmMessageRepository(database),
    batches: new MikroOrmBatchRepository(database),
    addApiKey: ({ id, accountId, prefix, name }) =>
      database.withContext(() =>
        keys.save(
          ApiKey.rehydrate({
            id,
            accountId,
            name,
            prefix,
            secretHash: '0'.repeat(64),
            scopes: ['send'],
            environment: 'live',
            kind: 'customer',
            lastUsedAt: null,
            revokedAt: null,
            createdAt: new Date('2026-11-01T00:00:00Z'),
          }),
        ),
      ),
    accountIds: [await insertAccount(database, 'USD'), await insertAccount(database, 'USD')],
    step: (work) => database.withContext(work),
  };
});
