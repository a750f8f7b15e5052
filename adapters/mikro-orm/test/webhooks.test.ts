import { randomBytes } from 'node:crypto';
import { WebhookConfig } from '@tuma/messaging';
import { describeWebhookStoresContract } from '@tuma/messaging/testing';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { expect } from 'chai';
import { MikroOrmWebhookConfigRepository, MikroOrmWebhookDeliveryRepository } from '../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../test/support/test-database.ts';
import { insertAccount } from './support/wallet-accounts.ts';

const cipher = new AesGcmSecretCipher(() => randomBytes(32));

describeWebhookStoresContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    configs: new MikroOrmWebhookConfigRepository(database, cipher),
    deliveries: new MikroOrmWebhookDeliveryRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describe(`MikroORM webhook configurations on ${databaseKind()}`, () => {
  it('keep the signing secret sealed in the row, bound to its account', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const [a, b] = [await insertAccount(database), await insertAccount(database)];
    const configs = new MikroOrmWebhookConfigRepository(database, cipher);
    await database.withContext(() => configs.insertIfAbsent(WebhookConfig.create(a, 'whsec_plainTextNeverStored', new Date())));
    const [row] = await database.withContext(() => database.em.execute<{ signing_secret_sealed: string }[]>('select signing_secret_sealed from webhook_config'));
    expect(row!.signing_secret_sealed).to.match(/^v1\./).and.not.include('plainTextNeverStored');

    await database.withContext(() => configs.insertIfAbsent(WebhookConfig.create(b, 'whsec_other', new Date())));
    await database.withContext(() => database.em.execute('update webhook_config set signing_secret_sealed = ? where account_id = ?', [row!.signing_secret_sealed, b], 'run'));
    let moved: unknown;
    await database.withContext(() => configs.find(b)).catch((error: unknown) => (moved = error));
    expect(String(moved), "a sealed secret copied to another account's row").to.match(/does not open/);
  });
});
