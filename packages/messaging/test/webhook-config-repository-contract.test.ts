import { InMemoryWebhookConfigRepository } from '../src/testing/index.ts';
import { describeWebhookConfigRepositoryContract } from '../src/testing/contracts.ts';

describeWebhookConfigRepositoryContract('in-memory', async () => ({
  configs: new InMemoryWebhookConfigRepository(),
  accountIds: ['acc_a', 'acc_b', 'acc_c'],
  step: (work) => work(),
}));
