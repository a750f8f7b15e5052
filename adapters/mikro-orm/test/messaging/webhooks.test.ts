import { randomBytes } from 'node:crypto';
import { FakeClock } from '@tuma/kernel/testing';
import { InMemoryJobScheduler } from '@tuma/kernel/testing';
import { sampleWebhookEvent, SMS_WEBHOOK_PROFILE, SmsWebhookEndpoints, WebhookConfig } from '@tuma/messaging';
import { describeWebhookConfigRepositoryContract } from '@tuma/messaging/testing/contracts';
import { DeliverWebhook, WebhookDelivery, type WebhookSender } from '@tuma/webhooks';
import { describeWebhookDeliveryRepositoryContract } from '@tuma/webhooks/testing/contracts';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { expect } from 'chai';
import { CachingWebhookConfigRepository, DatabaseNotifications, MikroOrmUnitOfWork, MikroOrmWebhookConfigRepository, MikroOrmWebhookDeliveryRepository, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { until } from '../../../../test/support/until.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

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

/** Notification hubs of the cached repositories below, one per simulated process. */
const hubs: DatabaseNotifications[] = [];
after(async () => {
  for (const hub of hubs.splice(0)) await hub.stop();
});

/** A process's configurations: the routing kept in memory, hearing every process's changes; `reads` counts the table's routing reads. */
async function cachingConfigs(database: Database, reads = { count: 0 }): Promise<CachingWebhookConfigRepository> {
  const hub = new DatabaseNotifications(database);
  hubs.push(hub);
  await hub.start();
  const stored = new MikroOrmWebhookConfigRepository(database, cipher);
  const counted = Object.assign(Object.create(stored) as MikroOrmWebhookConfigRepository, {
    routingOf: (owners: Parameters<MikroOrmWebhookConfigRepository['routingOf']>[0]) => (reads.count++, stored.routingOf(owners)),
  });
  return new CachingWebhookConfigRepository(counted, hub);
}

describeWebhookConfigRepositoryContract(`MikroORM on ${databaseKind()}, routing kept in process`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    configs: await cachingConfigs(database),
    accountIds: [await insertAccount(database), await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describe(`MikroORM webhook routing kept in process on ${databaseKind()}`, () => {
  it("reads owners' routing once, together, then from memory, and hears another process change a URL and turn webhooks off", async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const [a, b, c] = [await insertAccount(database), await insertAccount(database), await insertAccount(database)];
    const live = (accountId: string) => ({ accountId, environment: 'live' }) as const;
    const writer = await cachingConfigs(database);
    const reads = { count: 0 };
    const reader = await cachingConfigs(database, reads);
    const first = WebhookConfig.create(live(a), 'whsec_a', new Date()).update({ dlrUrl: 'https://a.example.com/dlr' }, new Date());
    // Stored beside the caches (no notification that could arrive after the reads below and empty the reader's).
    const table = new MikroOrmWebhookConfigRepository(database, cipher);
    await database.withContext(() => table.insertIfAbsent(first));
    await database.withContext(() => table.insertIfAbsent(WebhookConfig.create(live(b), 'whsec_b', new Date()).update({ moUrl: 'https://b.example.com/mo' }, new Date())));
    const routing = () => database.withContext(() => reader.routingOf([live(a), live(b), live(c), live(a)]));
    for (let i = 0; i < 3; i++) {
      const seen = await routing();
      expect([...seen.keys()].sort()).to.deep.equal([`${a}/live`, `${b}/live`]);
      expect(seen.get(`${a}/live`)).to.deep.include({ dlrUrl: 'https://a.example.com/dlr', isActive: true });
    }
    expect(reads.count, 'the three owners in one read, the one without a configuration kept too').to.equal(1);

    await database.withContext(() => writer.save(first.update({ dlrUrl: 'https://a.example.com/v2' }, new Date())));
    await until('the new URL to be heard', routing, (seen) => seen.get(`${a}/live`)?.dlrUrl === 'https://a.example.com/v2', 2_000);
    await database.withContext(() => writer.save(first.update({ isActive: false }, new Date())));
    await until('webhooks turned off to be heard', routing, (seen) => seen.get(`${a}/live`)?.isActive === false, 2_000);
  });
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
    const runs = (await Promise.all([database.withContext(() => deliver.execute(ref)), database.withContext(() => deliver.execute(ref))])).map((run) => run._unsafeUnwrap());
    expect(posts).to.equal(2);
    expect(runs.filter((run) => run !== undefined)).to.have.length(1);
    const logged = await database.withContext(() => deliveries.findLogged(owner, event.id));
    expect(logged!.attempts.map((a) => `${a.series}.${a.attempt}`)).to.deep.equal(['1.1']);
    expect(jobs.jobs().map((job) => job.payload)).to.deep.equal([{ eventId: event.id, series: 1, attempt: 2 }]);
  });
});
