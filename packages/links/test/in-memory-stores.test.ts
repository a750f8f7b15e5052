import { describeClicksContract, describeLinkRepositoryContract } from '../src/testing/contracts.ts';
import { InMemoryClicks, InMemoryLinkRepository } from '../src/testing/index.ts';

const step = <T>(work: () => Promise<T>) => work();

describeLinkRepositoryContract('in memory', async () => ({ repository: new InMemoryLinkRepository(), accountIds: ['acc_a', 'acc_b'], step }));

describeClicksContract('in memory', async () => {
  const links = new InMemoryLinkRepository();
  return { clicks: new InMemoryClicks(links), links, accountId: 'acc_a', step };
});
