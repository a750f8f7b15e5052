import { InMemoryBatchRepository, InMemoryMessageRepository } from '../src/testing/index.ts';
import { InMemoryMessageReports } from '../src/testing/index.ts';
import { describeMessageReportsContract } from '../src/testing/contracts.ts';

describeMessageReportsContract('in-memory', async () => {
  const messages = new InMemoryMessageRepository();
  const batches = new InMemoryBatchRepository();
  const keys = new Map<string, { prefix: string; name: string | null }>();
  return {
    reports: new InMemoryMessageReports(messages, batches, (id) => keys.get(id)),
    messages,
    batches,
    addApiKey: async ({ id, prefix, name }) => void keys.set(id, { prefix, name }),
    accountIds: ['acc_a', 'acc_b'],
    step: (work) => work(),
  };
});
