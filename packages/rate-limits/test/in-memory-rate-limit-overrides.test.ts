import { describeRateLimitOverrideRepositoryContract } from '../src/testing/contracts.ts';
import { InMemoryRateLimitOverrideRepository } from '../src/testing/index.ts';

describeRateLimitOverrideRepositoryContract('in memory', async () => ({
  overrides: new InMemoryRateLimitOverrideRepository(),
  accountIds: ['acc_in_memory_a', 'acc_in_memory_b'],
  step: (work) => work(),
}));
