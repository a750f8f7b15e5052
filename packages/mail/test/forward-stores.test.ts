import { describeForwardRepositoryContract } from '../src/testing/contracts.ts';
import { InMemoryForwardRepository } from '../src/testing/index.ts';

describeForwardRepositoryContract('in memory', async () => ({
  repository: new InMemoryForwardRepository(),
  domains: [
    ['acc_in_memory_a', 'dom_a', 'shop.example.com'],
    ['acc_in_memory_b', 'dom_b', 'other.example.com'],
  ],
  step: (work) => work(),
}));
