import { InMemoryBatchRepository, InMemoryMessageRepository } from '../src/messages.ts';
import { describeMessageRepositoryContract } from '../src/testing/contracts.ts';

describeMessageRepositoryContract('in-memory', async () => ({
  messages: new InMemoryMessageRepository(),
  batches: new InMemoryBatchRepository(),
  accountIds: ['acc_a', 'acc_b'],
  step: (work) => work(),
}));
