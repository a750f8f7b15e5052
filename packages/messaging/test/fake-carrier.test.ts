import { expect } from 'chai';
import { currency, Money } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { EnvironmentGateways, messagingJobRoutes } from '../src/index.ts';
import { describeCarrierGatewayContract } from '../src/testing/contracts.ts';
import { FakeCarrier, inMemoryMessaging, RecordingDeliveryReceiptSink } from '../src/testing/index.ts';

describeCarrierGatewayContract('FakeCarrier', async () => {
  const sink = new RecordingDeliveryReceiptSink();
  const gateway = new FakeCarrier().connect(sink);
  let reported = 0;
  return {
    gateway,
    sink,
    // It reports when told: everything taken since the last call.
    receipts: async (count) => {
      for (const { messageId } of gateway.submissions.slice(reported)) await gateway.deliver(messageId);
      reported = gateway.submissions.length;
      return (await sink.waitFor(count)).slice(0, count);
    },
    close: async () => {},
  };
});

describe('FakeCarrier under the SMS core', () => {
  async function world() {
    const clock = new FakeClock('2026-12-03T09:00:00.000Z');
    const carrier = new FakeCarrier('fake', clock);
    const { messaging, ports } = inMemoryMessaging({ clock, gateways: new EnvironmentGateways(carrier, carrier) });
    carrier.connect({ receive: async (receipt) => void (await messaging.applyDeliveryReceipts.execute([receipt])) });
    for (const route of messagingJobRoutes(messaging)) route.register(ports.jobs, (attempt) => attempt());
    const accountId = 'acc_fake_carrier';
    (await ports.walletLedger.openWallet({ accountId, currency: currency('KES') }))._unsafeUnwrap();
    (await ports.walletLedger.credit({ accountId, amount: Money.parse('50', 'KES')._unsafeUnwrap(), reason: 'funds', reference: 'f-1' }))._unsafeUnwrap();
    const send = async (to: string, text: string) =>
      (await messaging.sendMessage.execute({ sender: { accountId, apiKeyId: null, environment: 'live', walletCurrency: currency('KES') }, to, text, scheduleMode: 'now' }))._unsafeUnwrap().message.id;
    const status = async (id: string) => (await ports.messageRepository.find(accountId, id))!.delivery;
    return { clock, carrier, ports, send, status };
  }

  it('records each submission with its segments; deliver and fail move the message', async () => {
    const { carrier, ports, send, status } = await world();
    const short = await send('+254712345678', 'Habari');
    const long = await send('+254712345679', 'x'.repeat(200));
    await ports.jobs.runDue();
    expect(carrier.submissions.map((s) => [s.messageId, s.segments, s.carrierMessageIds.length])).to.deep.equal([
      [short, 1, 1],
      [long, 2, 2],
    ]);
    expect(carrier.sentTo('+254712345679').map((s) => s.messageId)).to.deep.equal([long]);
    await carrier.deliver(short);
    await carrier.fail(long, 'absent_subscriber', '001');
    expect((await status(short)).status).to.equal('delivered');
    expect(await status(long)).to.deep.include({ status: 'failed', errorCode: 'absent_subscriber' });
  });

  it('refuses as scripted: a final refusal fails the message, a retryable one is sent again later', async () => {
    const { carrier, clock, ports, send, status } = await world();
    carrier.refuseNext('+254712345670', { errorCode: 'invalid_destination', retryable: false, carrierStatus: '0x0000000B' });
    carrier.refuseNext('+254712345671', { errorCode: 'throttled', retryable: true });
    const refused = await send('+254712345670', 'Habari');
    const retried = await send('+254712345671', 'Habari');
    await ports.jobs.runDue();
    expect(await status(refused)).to.deep.include({ status: 'failed', errorCode: 'invalid_destination' });
    expect(carrier.refusals.map((s) => s.messageId)).to.have.members([refused, retried]);
    clock.advance(10 * 60_000);
    await ports.jobs.runDue();
    expect(carrier.sentTo('+254712345671').map((s) => s.messageId)).to.deep.equal([retried]);
    expect((await status(retried)).status).to.equal('submitted');
  });

  it('says what is missing instead of reporting into nothing', async () => {
    const carrier = new FakeCarrier();
    let thrown: unknown;
    await carrier.deliver('msg_1').catch((error: unknown) => (thrown = error));
    expect((thrown as Error).message).to.include('connect(sink)');
  });
});
