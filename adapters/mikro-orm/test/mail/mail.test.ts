import {
  describeMailDomainRepositoryContract,
  describeMailOutboxContract,
  describeMailWebhookRepositoryContract,
  describeSmtpCredentialRepositoryContract,
  describeSenderAddressRepositoryContract,
  describeSuppressionListContract,
} from '@tuma/mail/testing/contracts';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { expect } from 'chai';
import { MikroOrmMailDomainRepository, MikroOrmMailOutbox, MikroOrmMailUsage, MikroOrmMailWebhookRepository, MikroOrmSmtpCredentialRepository, MikroOrmSenderAddressRepository, MikroOrmSuppressionList } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

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

describe(`MikroOrmMailUsage on ${databaseKind()}`, () => {
  it("counts an account's emails per calendar month and day, apart from other accounts, and exactly under concurrent sends", async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const usage = new MikroOrmMailUsage(database);
    const [a, b] = [await insertAccount(database), await insertAccount(database)];
    const take = (account: string, emails: number, at: string) => database.withContext(() => database.em.transactional(() => usage.take(account, emails, new Date(at))));
    expect(await take(a, 3, '2026-11-24T23:59:59Z')).to.deep.equal({ month: 3, day: 3 });
    expect(await take(a, 2, '2026-11-25T00:00:00Z')).to.deep.equal({ month: 5, day: 2 });
    expect(await take(a, 1, '2026-12-01T08:00:00Z')).to.deep.equal({ month: 1, day: 1 });
    await Promise.all(Array.from({ length: 20 }, () => take(b, 1, '2026-11-25T10:00:00Z')));
    expect(await database.withContext(() => usage.read(b, new Date('2026-11-25T12:00:00Z')))).to.deep.equal({ month: 20, day: 20 });
    expect(await database.withContext(() => usage.read(a, new Date('2026-11-25T12:00:00Z')))).to.deep.equal({ month: 5, day: 2 });
    expect(await database.withContext(() => usage.read(a, new Date('2027-01-01T00:00:00Z')))).to.deep.equal({ month: 0, day: 0 });
  });
});

describeSmtpCredentialRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return { repository: new MikroOrmSmtpCredentialRepository(database), accountIds: [await insertAccount(database), await insertAccount(database)], step: (work) => database.withContext(work) };
});
