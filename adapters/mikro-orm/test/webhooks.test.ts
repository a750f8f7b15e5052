import { randomBytes } from 'node:crypto';
import { FakeClock } from '@tuma/kernel/testing';
import { InMemoryJobScheduler } from '@tuma/kernel/testing';
import { sampleWebhookEvent, SMS_WEBHOOK_PROFILE, SmsWebhookEndpoints, WebhookConfig } from '@tuma/messaging';
import { describeWebhookConfigRepositoryContract } from '@tuma/messaging/testing/contracts';
import { DeliverWebhook, WebhookDelivery, type WebhookSender } from '@tuma/webhooks';
import { describeWebhookDeliveryRepositoryContract } from '@tuma/webhooks/testing/contracts';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { expect } from 'chai';
import { MikroOrmUnitOfWork, MikroOrmWebhookConfigRepository, MikroOrmWebhookDeliveryRepository } from '../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../test/support/test-database.ts';
import { insertAccount } from './support/wallet-accounts.ts';

const cipher = new AesGcmSecretCipher(() => randomBytes(32));

describeWebhookConfigRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    configs: new MikroOrmWebhookConfigRepository(database, cipher),
    accountIds: [await insertAccount(database), await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describeWebhookDeliveryRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    deliveries: new MikroOrmWebhookDeliveryRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describe(`MikroORM webhook configurations on ${databaseKind()}`, () => {
  it('keep the signing secret sealed in the row, bound to its account and environment', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const [a, b] = [await insertAccount(database), await insertAccount(database)];
    const configs = new MikroOrmWebhookConfigRepository(database, cipher);
    const live = (accountId: string) => ({ accountId, environment: 'live' }) as const;
    await database.withContext(() => configs.insertIfAbsent(WebhookConfig.create(live(a), 'whsec_plainTextNeverStored', new Date())));
    const [row] = await database.withContext(() => database.em.execute<{ signing_secret_sealed: string }[]>('select signing_secret_sealed from webhook_config'));
    expect(row!.signing_secret_sealed).to.match(/^v1\./).and.not.include('plainTextNeverStored');

    const copied = async (to: { accountId: string; environment: 'live' | 'test' }) => {
      await database.withContext(() => configs.insertIfAbsent(WebhookConfig.create(to, 'whsec_other', new Date())));
      await database.withContext(() =>
        database.em.execute('update webhook_config set signing_secret_sealed = ? where account_id = ? and environment = ?', [row!.signing_secret_sealed, to.accountId, to.environment], 'run'),
      );
      let moved: unknown;
      await database.withContext(() => configs.find(to)).catch((error: unknown) => (moved = error));
      return String(moved);
    };
    expect(await copied(live(b)), "a sealed secret copied to another account's row").to.match(/does not open/);
    expect(await copied({ accountId: a, environment: 'test' }), "a live secret copied to the account's test row").to.match(/does not open/);
  });
});

describe(`MikroORM webhook delivery on ${databaseKind()}`, () => {
  it('logs an attempt once when two runs of its job POST it at the same time (the row lock decides)', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const accountId = await insertAccount(database);
    const configs = new MikroOrmWebhookConfigRepository(database, cipher);
    const deliveries = new MikroOrmWebhookDeliveryRepository(database);
    const clock = new FakeClock();
    const jobs = new InMemoryJobScheduler(clock);
    let posts = 0;
    const sender: WebhookSender = {
      post: async () => {
        posts++;
        return { statusCode: 500, latencyMs: 1, error: null };
      },
    };
    const deliver = new DeliverWebhook(deliveries, new SmsWebhookEndpoints(configs), sender, jobs, new MikroOrmUnitOfWork(database), clock, SMS_WEBHOOK_PROFILE);
    const owner = { accountId, environment: 'live' } as const;
    const event = sampleWebhookEvent(owner, 'dlr', clock.now());
    await database.withContext(async () => {
      await configs.insertIfAbsent(WebhookConfig.create(owner, 'whsec_x', clock.now()).update({ dlrUrl: 'https://hooks.example.com/' }, clock.now()));
      await deliveries.add([WebhookDelivery.open(event, 'https://hooks.example.com/', clock.now(), 'sms')]);
    });
    const ref = { eventId: event.id, series: 1, attempt: 1 };
    const runs = await Promise.all([database.withContext(() => deliver.execute(ref)), database.withContext(() => deliver.execute(ref))]);
    expect(posts).to.equal(2);
    expect(runs.filter((run) => run !== undefined)).to.have.length(1);
    const logged = await database.withContext(() => deliveries.findLogged(owner, event.id));
    expect(logged!.attempts.map((a) => `${a.series}.${a.attempt}`)).to.deep.equal(['1.1']);
    expect(jobs.jobs().map((job) => job.payload)).to.deep.equal([{ eventId: event.id, series: 1, attempt: 2 }]);
  });
});
