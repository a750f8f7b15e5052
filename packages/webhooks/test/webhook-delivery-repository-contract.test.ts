import { InMemoryWebhookDeliveryRepository } from '../src/testing/index.ts';
import { describeWebhookDeliveryRepositoryContract } from '../src/testing/contracts.ts';

describeWebhookDeliveryRepositoryContract('in-memory', async () => ({
  deliveries: new InMemoryWebhookDeliveryRepository(),
  accountIds: ['acc_a', 'acc_b', 'acc_c'],
  step: (work) => work(),
}));
