import {
  describeMailDomainRepositoryContract,
  describeMailOutboxContract,
  describeMailWebhookRepositoryContract,
  describeSenderAddressRepositoryContract,
  describeSuppressionListContract,
} from '@tuma/mail/testing/contracts';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { MikroOrmMailDomainRepository, MikroOrmMailOutbox, MikroOrmMailWebhookRepository, MikroOrmSenderAddressRepository, MikroOrmSuppressionList } from '../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../test/support/test-database.ts';
import { insertAccount } from './support/wallet-accounts.ts';

describeMailDomainRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: new MikroOrmMailDomainRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describeMailOutboxContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return { outbox: new MikroOrmMailOutbox(database), step: (work) => database.withContext(work) };
});

describeMailWebhookRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: new MikroOrmMailWebhookRepository(database, new AesGcmSecretCipher(() => Buffer.alloc(32, 7))),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describeSuppressionListContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    list: new MikroOrmSuppressionList(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describeSenderAddressRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: new MikroOrmSenderAddressRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});
