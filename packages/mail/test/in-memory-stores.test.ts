import { describeMailDomainRepositoryContract, describeMailOutboxContract, describeMailWebhookRepositoryContract } from '../src/testing/contracts.ts';
import { InMemoryMailDomainRepository, InMemoryMailOutbox, InMemoryMailWebhookRepository } from '../src/testing/index.ts';

describeMailDomainRepositoryContract('in memory', async () => ({
  repository: new InMemoryMailDomainRepository(),
  accountIds: ['acc_in_memory_a', 'acc_in_memory_b'],
  step: (work) => work(),
}));

describeMailOutboxContract('in memory', async () => ({ outbox: new InMemoryMailOutbox(), step: (work) => work() }));

describeMailWebhookRepositoryContract('in memory', async () => ({
  repository: new InMemoryMailWebhookRepository(),
  accountIds: ['acc_in_memory_a', 'acc_in_memory_b'],
  step: (work) => work(),
}));
