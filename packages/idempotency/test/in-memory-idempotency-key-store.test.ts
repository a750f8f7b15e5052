import { describeIdempotencyKeyStoreContract } from '../src/testing/contracts.ts';
import { InMemoryIdempotencyKeyStore } from '../src/testing/index.ts';

describeIdempotencyKeyStoreContract('in memory', async () => ({
  store: new InMemoryIdempotencyKeyStore(),
  accountIds: ['acc_in_memory_a', 'acc_in_memory_b'],
  step: (work) => work(),
}));
