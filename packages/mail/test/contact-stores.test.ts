import { describeBroadcastRepositoryContract, describeMailContactRepositoryContract } from '../src/testing/contracts.ts';
import { InMemoryBroadcastRepository, InMemoryMailContactRepository, InMemorySuppressionList } from '../src/testing/index.ts';

describeMailContactRepositoryContract('in memory', async () => ({ repository: new InMemoryMailContactRepository(), accountIds: ['acc_in_memory_a', 'acc_in_memory_b'], step: (work) => work() }));

describeBroadcastRepositoryContract('in memory', async () => {
  const contacts = new InMemoryMailContactRepository();
  const suppressions = new InMemorySuppressionList();
  return { contacts, suppressions, broadcasts: new InMemoryBroadcastRepository(contacts, suppressions), accountIds: ['acc_in_memory_a', 'acc_in_memory_b'], step: (work) => work() };
});
