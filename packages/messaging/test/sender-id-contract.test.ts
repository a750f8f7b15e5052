import { InMemorySenderIdRepository } from '../src/testing/index.ts';
import { describeSenderIdRepositoryContract } from '../src/testing/contracts.ts';

describeSenderIdRepositoryContract('in-memory', async () => ({
  senderIds: new InMemorySenderIdRepository(),
  accountIds: ['acc_a', 'acc_b'],
  step: (work) => work(),
  transaction: (work) => work(),
}));
