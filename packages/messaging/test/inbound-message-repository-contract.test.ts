import { type OutboundMessage } from '../src/index.ts';
import { InMemoryInboundMessageRepository } from '../src/testing/index.ts';
import { describeInboundMessageRepositoryContract } from '../src/testing/contracts.ts';

describeInboundMessageRepositoryContract('in-memory', async () => {
  const outbound: OutboundMessage[] = [];
  return {
    inbound: new InMemoryInboundMessageRepository(() => outbound),
    addOutbound: async (messages) => {
      outbound.push(...messages);
    },
    accountIds: ['acc_a', 'acc_b'],
    step: (work) => work(),
  };
});
