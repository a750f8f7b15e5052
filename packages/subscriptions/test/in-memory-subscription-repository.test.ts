import { describeSubscriptionRepositoryContract } from '../src/testing/contracts.ts';
import { InMemorySubscriptionRepository } from '../src/testing/index.ts';

describeSubscriptionRepositoryContract('in memory', async () => ({
  repository: new InMemorySubscriptionRepository(),
  accountIds: ['acc_in_memory_a', 'acc_in_memory_b'],
  step: (work) => work(),
}));
