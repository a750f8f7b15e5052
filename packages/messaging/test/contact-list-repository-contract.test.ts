import { InMemoryContactListRepository } from '../src/testing/index.ts';
import { describeContactListRepositoryContract } from '../src/testing/contracts.ts';

describeContactListRepositoryContract('in-memory', async () => ({
  lists: new InMemoryContactListRepository(),
  accountIds: ['acc_a', 'acc_b'],
  step: (work) => work(),
}));
