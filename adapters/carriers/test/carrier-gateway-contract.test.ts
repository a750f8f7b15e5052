import { FakeClock } from '@tuma/kernel/testing';
import { RecordingDeliveryReceiptSink } from '@tuma/messaging/testing';
import { describeCarrierGatewayContract } from '@tuma/messaging/testing/contracts';
import { ManualScheduler, SimulatorCarrierGateway } from '../src/index.ts';
import { smppFixture } from './support/smpp-fixture.ts';

describeCarrierGatewayContract('SimulatorCarrierGateway', async () => {
  const clock = new FakeClock();
  const scheduler = new ManualScheduler(clock);
  const sink = new RecordingDeliveryReceiptSink();
  const gateway = new SimulatorCarrierGateway({
    sink,
    seed: 1,
    clock,
    scheduler: scheduler.schedule,
    ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 },
  });
  return {
    gateway,
    sink,
    receipts: async (count) => {
      await scheduler.runAll();
      return sink.waitFor(count, 0);
    },
    close: async () => gateway.close(),
  };
});

describeCarrierGatewayContract('SmppCarrierGateway', async () => {
  const f = await smppFixture({ receipt: () => ({ stat: 'DELIVRD', delayMs: 5 }) });
  await f.gateway.start();
  return { gateway: f.gateway, sink: f.sink, receipts: (count) => f.sink.waitFor(count), close: () => f.close() };
});
