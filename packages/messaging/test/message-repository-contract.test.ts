import { InMemoryBatchAudience, InMemoryBatchRepository, InMemoryMessageRepository } from '../src/testing/index.ts';
import { describeMessageRepositoryContract } from '../src/testing/contracts.ts';

describeMessageRepositoryContract('in-memory', async () => {
  const messages = new InMemoryMessageRepository();
  return { messages, batches: new InMemoryBatchRepository(), audience: new InMemoryBatchAudience(messages), accountIds: ['acc_a', 'acc_b'], step: (work) => work() };
});
