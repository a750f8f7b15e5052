import { randomBytes } from 'node:crypto';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { expect } from 'chai';
import { Campaign, Link, type LinkRepository } from '@tuma/links';
import { describeApiRequestCountsContract, describeLinkWebhookRepositoryContract, describeBrandedDomainRepositoryContract, describeClicksContract, describeLinkRepositoryContract, describeQrCodeRepositoryContract, describeCampaignRepositoryContract, describeLinksUsageContract, newLink } from '@tuma/links/testing/contracts';
import { CachingBrandedDomainRepository, MikroOrmApiRequestCounts, MikroOrmLinkWebhookRepository, CachingLinkRepository, DatabaseNotifications, MikroOrmBrandedDomainRepository, MikroOrmClicks, MikroOrmLinkRepository, MikroOrmQrCodeRepository, MikroOrmCampaignRepository, MikroOrmLinksUsage } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';
import { until } from '../../../../test/support/until.ts';

const hubs: DatabaseNotifications[] = [];

/** Two accounts, and a campaign of the first (links may name it). */
async function owners(database: Awaited<ReturnType<typeof testDatabase>>) {
  const accountIds = [await insertAccount(database), await insertAccount(database)] as const;
  const campaign = Campaign.create({ accountId: accountIds[0], environment: 'live', name: 'Spring', color: null }, new Date()).toSnapshot();
  await database.withContext(() => new MikroOrmCampaignRepository(database).add(campaign));
  return { accountIds, campaignId: campaign.id };
}
after(async () => {
  for (const hub of hubs) await hub.stop();
});

/** A process's link store: the redirects' cache over the table, hearing every process's changes. */
async function cachingLinks(counted?: { reads: number }): Promise<CachingLinkRepository> {
  const database = await testDatabase();
  const hub = new DatabaseNotifications(database);
  hubs.push(hub);
  const stored = new MikroOrmLinkRepository(database);
  const inner: LinkRepository = counted ? Object.assign(Object.create(stored) as MikroOrmLinkRepository, { findBySlug: (d: string | null, s: string) => (counted.reads++, stored.findBySlug(d, s)) }) : stored;
  await hub.start();
  return new CachingLinkRepository(inner, hub, database);
}

describeLinkRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: new MikroOrmLinkRepository(database),
    ...(await owners(database)),
    step: (work) => database.withContext(work),
  };
});

describeLinkRepositoryContract(`the redirects' cache over MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: await cachingLinks(),
    ...(await owners(database)),
    step: (work) => database.withContext(work),
  };
});

describeQrCodeRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: new MikroOrmQrCodeRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describeCampaignRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: new MikroOrmCampaignRepository(database),
    links: new MikroOrmLinkRepository(database),
    clicks: new MikroOrmClicks(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describeLinksUsageContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    usage: new MikroOrmLinksUsage(database),
    links: new MikroOrmLinkRepository(database),
    qrCodes: new MikroOrmQrCodeRepository(database),
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

describe(`MikroOrmClicks on ${databaseKind()}: clicks live and die with their link`, () => {
  it("forgets a removed link's clicks, and skips clicks flushed after their link was removed", async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const accountId = await insertAccount(database);
    const links = new MikroOrmLinkRepository(database);
    const clicks = new MikroOrmClicks(database);
    const [kept, removed] = [newLink(accountId, 'kept'), newLink(accountId, 'removed', 1)];
    for (const link of [kept, removed]) await database.withContext(() => links.add(link));
    const click = (linkId: string) => ({ linkId, at: new Date(), country: 'KE', device: 'mobile' as const, browser: 'Chrome', referrer: 'direct', bot: false, visitor: 'v1' });
    await clicks.append([click(kept.id), click(removed.id), click(removed.id)]);
    const stored = async () => (await database.em.execute<{ link_id: string; n: string }[]>('select link_id, count(*)::text as n from link_click group by link_id order by link_id')).map((row) => [row.link_id, Number(row.n)]);
    expect(await stored()).to.have.deep.members([[kept.id, 1], [removed.id, 2]]);

    expect(await database.withContext(() => links.remove(accountId, 'live', removed.id))).to.equal(true);
    expect(await stored()).to.deep.equal([[kept.id, 1]]);
    await clicks.append([click(removed.id), click(kept.id)]);
    expect(await stored()).to.deep.equal([[kept.id, 2]]);
    expect((await database.withContext(() => links.find(accountId, 'live', kept.id)))?.clicks).to.equal(2);
  });
});

describe(`the redirects' link cache on ${databaseKind()}`, () => {
  it("reads a slug once, then from memory (without a request's context), and hears another process's change and deletion", async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const accountId = await insertAccount(database);
    const writer = await cachingLinks();
    const counted = { reads: 0 };
    const reader = await cachingLinks(counted);
    const link = newLink(accountId, 'cached');
    await database.withContext(() => writer.add(link));
    await new Promise((resolve) => setTimeout(resolve, 200)); // the add's notification reaches the reader before it counts
    for (let i = 0; i < 5; i++) expect((await reader.findBySlug(null, 'cached'))?.url).to.equal(link.url);
    expect(counted.reads, 'read once').to.equal(1);

    const changed = Link.rehydrate(link);
    changed.change({ url: 'https://shop.example/changed' }, new Date());
    await database.withContext(() => writer.save(changed.toSnapshot()));
    await until('the change to be heard', () => reader.findBySlug(null, 'cached'), (found) => found?.url === 'https://shop.example/changed', 2_000);
    await database.withContext(() => writer.remove(accountId, 'live', link.id));
    await until('the deletion to be heard', () => reader.findBySlug(null, 'cached'), (found) => found === undefined, 2_000);
  });
});

describeBrandedDomainRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: new MikroOrmBrandedDomainRepository(database),
    links: new MikroOrmLinkRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describeBrandedDomainRepositoryContract(`the redirects' cache of verified domains over MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  const hub = new DatabaseNotifications(database);
  hubs.push(hub);
  await hub.start();
  return {
    repository: new CachingBrandedDomainRepository(new MikroOrmBrandedDomainRepository(database), hub, database),
    links: await cachingLinks(),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describeApiRequestCountsContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return { counts: new MikroOrmApiRequestCounts(database), accountIds: [await insertAccount(database), await insertAccount(database)], step: (work) => database.withContext(work) };
});

describeLinkWebhookRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  const key = randomBytes(32);
  const cipher = new AesGcmSecretCipher(() => key);
  return { repository: new MikroOrmLinkWebhookRepository(database, cipher), accountIds: [await insertAccount(database), await insertAccount(database)], step: (work) => database.withContext(work) };
});
