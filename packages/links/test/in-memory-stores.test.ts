import { describeApiRequestCountsContract, describeLinkWebhookRepositoryContract, describeBrandedDomainRepositoryContract, describeClicksContract, describeLinkRepositoryContract, describeQrCodeRepositoryContract, describeCampaignRepositoryContract, describeLinksUsageContract } from '../src/testing/contracts.ts';
import { InMemoryApiRequestCounts, InMemoryLinkWebhookRepository, InMemoryBrandedDomainRepository, InMemoryClicks, InMemoryLinkRepository, InMemoryQrCodeRepository, InMemoryCampaignRepository, InMemoryLinksUsage } from '../src/testing/index.ts';

const step = <T>(work: () => Promise<T>) => work();

describeLinkRepositoryContract('in memory', async () => ({ repository: new InMemoryLinkRepository(), accountIds: ['acc_a', 'acc_b'], campaignId: 'cmp_1', step }));

describeClicksContract('in memory', async () => {
  const links = new InMemoryLinkRepository();
  return { clicks: new InMemoryClicks(links), links, accountId: 'acc_a', step };
});

describeQrCodeRepositoryContract('in memory', async () => ({ repository: new InMemoryQrCodeRepository(), accountIds: ['acc_a', 'acc_b'], step }));

describeCampaignRepositoryContract('in memory', async () => {
  const links = new InMemoryLinkRepository();
  return { repository: new InMemoryCampaignRepository(links), links, clicks: new InMemoryClicks(links), accountIds: ['acc_a', 'acc_b'], step };
});

describeLinksUsageContract('in memory', async () => {
  const links = new InMemoryLinkRepository();
  const qrCodes = new InMemoryQrCodeRepository();
  return { usage: new InMemoryLinksUsage(links, qrCodes), links, qrCodes, accountIds: ['acc_a', 'acc_b'], step };
});

describeBrandedDomainRepositoryContract('in memory', async () => {
  const links = new InMemoryLinkRepository();
  return { repository: new InMemoryBrandedDomainRepository(links), links, accountIds: ['acc_a', 'acc_b'], step };
});

describeApiRequestCountsContract('in memory', async () => ({ counts: new InMemoryApiRequestCounts(), accountIds: ['acc_a', 'acc_b'], step }));

describeLinkWebhookRepositoryContract('in memory', async () => ({ repository: new InMemoryLinkWebhookRepository(), accountIds: ['acc_a', 'acc_b'], step }));
