import { InMemoryOptOutList } from '../src/testing/index.ts';
import { describeOptOutListContract } from '../src/testing/contracts.ts';

describeOptOutListContract('in-memory', async () => ({
  optOuts: new InMemoryOptOutList(),
  accountIds: ['acc_a', 'acc_b'],
  step: (work) => work(),
}));
