import { expect } from 'chai';
import { currency, Money } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { EnvironmentGateways, messagingJobRoutes, type MessageRepository } from '../src/index.ts';
import { FakeCarrier, inMemoryMessaging, InMemoryMessageRepository, inMemoryMessagingPorts } from '../src/testing/index.ts';

describe('createMessaging on in-memory ports', () => {
  it('sends, dispatches through its job routes and applies the delivery report, charging the wallet once', async () => {
    const clock = new FakeClock('2026-11-24T10:00:00.000Z');
    const carrier = new FakeCarrier('accepting', clock);
    const { messaging, ports } = inMemoryMessaging({ clock, gateways: new EnvironmentGateways(carrier, carrier) });
    for (const route of messagingJobRoutes(messaging)) route.register(ports.jobs, (attempt) => attempt());
    const accountId = 'acc_factory';
    (await ports.walletLedger.openWallet({ accountId, currency: currency('KES') }))._unsafeUnwrap();
    (await ports.walletLedger.credit({ accountId, amount: Money.parse('10', 'KES')._unsafeUnwrap(), reason: 'funds', reference: 'f-1' }))._unsafeUnwrap();

    const sent = (await messaging.sendMessage.execute({ sender: { accountId, apiKeyId: null, environment: 'live', walletCurrency: currency('KES') }, to: '+254712345678', text: 'Habari', scheduleMode: 'now' }))._unsafeUnwrap();
    await ports.jobs.runDue();
    expect(carrier.submissions.map((s) => s.messageId)).to.deep.equal([sent.message.id]);
    carrier.connect({ receive: async (receipt) => void (await messaging.applyDeliveryReceipts.execute([receipt])) });
    await carrier.deliver(sent.message.id);
    expect((await ports.messageRepository.find(accountId, sent.message.id))?.delivery.status).to.equal('delivered');
    const balance = (await ports.walletLedger.balance(accountId))._unsafeUnwrap()!.balance;
    expect(balance.toDecimalString()).to.equal(Money.parse('10', 'KES')._unsafeUnwrap().subtract(sent.price.walletCost).toDecimalString());
  });

  it('builds the stores that read messages over the message store it was given, and refuses to guess them for a foreign one', () => {
    const carrier = new FakeCarrier();
    const gateways = new EnvironmentGateways(carrier, carrier);
    const messages = new InMemoryMessageRepository();
    expect(inMemoryMessagingPorts({ gateways, messageRepository: messages }).messageRepository).to.equal(messages);
    const foreign = {} as MessageRepository;
    expect(() => inMemoryMessagingPorts({ gateways, messageRepository: foreign })).to.throw(/pass batchAudience, messageReports and inboundMessageRepository too/);
  });
});
