import { InMemoryWebhookConfigRepository, InMemoryWebhookDeliveryRepository } from '../src/webhooks.ts';
import { describeWebhookStoresContract } from '../src/testing/contracts.ts';

describeWebhookStoresContract('in-memory', async () => ({
  configs: new InMemoryWebhookConfigRepository(),
  deliveries: new InMemoryWebhookDeliveryRepository(),
  accountIds: ['acc_a', 'acc_b', 'acc_c'],
  step: (work) => work(),
}));
