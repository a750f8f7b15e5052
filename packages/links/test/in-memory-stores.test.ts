import { describeClicksContract, describeLinkRepositoryContract, describeQrCodeRepositoryContract } from '../src/testing/contracts.ts';
import { InMemoryClicks, InMemoryLinkRepository, InMemoryQrCodeRepository } from '../src/testing/index.ts';

const step = <T>(work: () => Promise<T>) => work();

describeLinkRepositoryContract('in memory', async () => ({ repository: new InMemoryLinkRepository(), accountIds: ['acc_a', 'acc_b'], step }));

describeClicksContract('in memory', async () => {
  const links = new InMemoryLinkRepository();
  return { clicks: new InMemoryClicks(links), links, accountId: 'acc_a', step };
});

describeQrCodeRepositoryContract('in memory', async () => ({ repository: new InMemoryQrCodeRepository(), accountIds: ['acc_a', 'acc_b'], step }));
