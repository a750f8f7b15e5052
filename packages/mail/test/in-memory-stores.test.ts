import {
  describeMailDomainRepositoryContract,
  describeMailOutboxContract,
  describeMailWebhookRepositoryContract,
  describeSmtpCredentialRepositoryContract,
  describeSenderAddressRepositoryContract,
  describeSuppressionListContract,
} from '../src/testing/contracts.ts';
import { InMemoryMailDomainRepository, InMemoryMailOutbox, InMemoryMailWebhookRepository, InMemorySenderAddressRepository, InMemorySmtpCredentialRepository, InMemorySuppressionList } from '../src/testing/index.ts';

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

describeSuppressionListContract('in memory', async () => ({ list: new InMemorySuppressionList(), accountIds: ['acc_in_memory_a', 'acc_in_memory_b'], step: (work) => work() }));

describeSenderAddressRepositoryContract('in memory', async () => ({ repository: new InMemorySenderAddressRepository(), accountIds: ['acc_in_memory_a', 'acc_in_memory_b'], step: (work) => work() }));

describeSmtpCredentialRepositoryContract('in memory', async () => ({ repository: new InMemorySmtpCredentialRepository(), accountIds: ['acc_in_memory_a', 'acc_in_memory_b'], step: (work) => work() }));
