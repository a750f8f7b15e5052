import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { applyDeliveryEvents, queuedDelivery, segmentMessage, type CarrierSubmission, type DeliveryReceipt } from '@tuma/messaging';
import { RecordingDeliveryReceiptSink } from '@tuma/messaging/testing';
import { MAGIC_NUMBERS, ManualScheduler, SimulatorCarrierGateway, type SimulatorOptions } from '../src/index.ts';

const START = '2026-11-20T10:00:00.000Z';

function submission(to: string, text = 'Habari', messageId = 'msg_1'): CarrierSubmission {
  const { parts, encoding } = segmentMessage(text);
  return { messageId, from: 'TUMA', to, text, encoding, parts, routeCode: 'SVC_KE' };
}

function simulator(options: Partial<SimulatorOptions> = {}) {
  const clock = new FakeClock(START);
  const scheduler = new ManualScheduler(clock);
  const sink = new RecordingDeliveryReceiptSink();
  const gateway = new SimulatorCarrierGateway({ sink, seed: 7, clock, scheduler: scheduler.schedule, latencyMs: { min: 100, max: 900 }, ...options });
  return { gateway, sink, scheduler, clock };
}

/** The outcome of many random destinations, as `status/error_code` strings after every receipt. */
async function outcomes(options: Partial<SimulatorOptions>, count: number): Promise<string[]> {
  const { gateway, sink, scheduler } = simulator(options);
  const results = [];
  for (let i = 0; i < count; i++) results.push(await gateway.submit(submission(`+2547120${String(i).padStart(5, '0')}`)));
  await scheduler.runAll();
  const byId = new Map(sink.receipts.map((r) => [r.carrierMessageId, r]));
  return results.map((result) =>
    result.match(
      ({ carrierMessageIds }) => {
        const receipt = byId.get(carrierMessageIds[0]!)!;
        return `${receipt.state}/${receipt.errorCode ?? ''}`;
      },
      (rejection) => `refused/${rejection.errorCode}`,
    ),
  );
}

describe('SimulatorCarrierGateway', () => {
  it('accepts at once and sends one receipt per part after a latency within the bounds', async () => {
    const { gateway, sink, scheduler, clock } = simulator({ ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 } });
    const text = 'Karibu sana! '.repeat(30);
    const accepted = (await gateway.submit(submission('+254712000001', text)))._unsafeUnwrap();
    expect(accepted.carrierMessageIds).to.have.length(segmentMessage(text).segments).and.to.have.length.greaterThan(1);
    expect(new Set(accepted.carrierMessageIds).size).to.equal(accepted.carrierMessageIds.length);
    expect(sink.receipts).to.have.length(0);
    expect(gateway.pendingReceipts).to.equal(accepted.carrierMessageIds.length);

    await scheduler.advance(99);
    expect(sink.receipts).to.have.length(0);
    await scheduler.advance(801);
    expect(sink.receipts.map((r) => r.carrierMessageId)).to.have.members([...accepted.carrierMessageIds]);
    expect(gateway.pendingReceipts).to.equal(0);
    for (const receipt of sink.receipts) {
      expect(receipt).to.deep.include({ carrier: 'simulator', messageId: 'msg_1', state: 'delivered', errorCode: null, submittedAt: new Date(START) });
      const waited = receipt.receivedAt.getTime() - Date.parse(START);
      expect(waited).to.be.within(100, 900);
      expect(receipt.partIndex).to.equal(accepted.carrierMessageIds.indexOf(receipt.carrierMessageId));
    }
    expect(clock.now().toISOString()).to.equal('2026-11-20T10:00:00.900Z');
  });

  it('its receipts take a message through the statuses to delivered', async () => {
    const { gateway, sink, scheduler } = simulator({ ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 } });
    const text = 'Habari '.repeat(40);
    const { carrierMessageIds } = (await gateway.submit(submission('+254712000001', text)))._unsafeUnwrap();
    await scheduler.runAll();
    const state = applyDeliveryEvents(queuedDelivery(), [
      { type: 'dispatched', at: new Date(START) },
      { type: 'carrier_accepted', carrierMessageIds, at: new Date(START) },
      ...sink.receipts.map((receipt: DeliveryReceipt) => ({ type: 'receipt' as const, receipt })),
    ])._unsafeUnwrap();
    expect(state.status).to.equal('delivered');
  });

  it('is reproducible: the same seed and submissions give the same outcomes, ids and timings', async () => {
    const run = async () => {
      const { gateway, sink, scheduler } = simulator({ ratios: { delivered: 0.5, failed: 0.3, expired: 0.1, refused: 0.1 } });
      const results = [];
      for (let i = 0; i < 40; i++) results.push(await gateway.submit(submission(`+25471200${String(i).padStart(4, '0')}`)));
      await scheduler.runAll();
      return { results: results.map((r) => (r.isOk() ? r.value : r.error)), receipts: sink.receipts };
    };
    const [a, b] = [await run(), await run()];
    expect(b).to.deep.equal(a);
    const other = await outcomes({ seed: 8, ratios: { delivered: 0.5, failed: 0.3, expired: 0.1, refused: 0.1 } }, 40);
    expect(other).to.not.deep.equal(await outcomes({ seed: 7, ratios: { delivered: 0.5, failed: 0.3, expired: 0.1, refused: 0.1 } }, 40));
  });

  it('draws outcomes by the ratios, with realistic codes', async () => {
    const results = await outcomes({ ratios: { delivered: 0.6, failed: 0.2, expired: 0.1, refused: 0.1 } }, 2_000);
    const share = (predicate: (o: string) => boolean) => results.filter(predicate).length / results.length;
    expect(share((o) => o.startsWith('delivered/'))).to.be.closeTo(0.6, 0.04);
    expect(share((o) => o.startsWith('undeliverable/'))).to.be.closeTo(0.2, 0.03);
    expect(share((o) => o === 'expired/expired')).to.be.closeTo(0.1, 0.025);
    expect(share((o) => o.startsWith('refused/'))).to.be.closeTo(0.1, 0.025);
    const codes = new Set(results.map((o) => o.split('/')[1]));
    expect([...codes]).to.include.members(['absent_subscriber', 'unknown_subscriber', 'invalid_destination', 'throttled']);
  });

  it('applies the magic numbers whatever the ratios', async () => {
    const { gateway, sink, scheduler } = simulator({ ratios: { delivered: 0, failed: 0, expired: 0, refused: 1 } });
    const delivered = (await gateway.submit(submission('+254715550000')))._unsafeUnwrap();
    expect((await gateway.submit(submission('+254715550001')))._unsafeUnwrapErr()).to.include({
      type: 'submit_rejected',
      errorCode: 'invalid_destination',
      retryable: false,
    });
    expect((await gateway.submit(submission('+2348035550002')))._unsafeUnwrapErr()).to.include({ errorCode: 'throttled', retryable: true });
    const absent = (await gateway.submit(submission('+254715550003')))._unsafeUnwrap();
    const silent = (await gateway.submit(submission('+254715550007')))._unsafeUnwrap();
    await scheduler.runAll();
    const stateOf = (id: string) => sink.receipts.find((r) => r.carrierMessageId === id);
    expect(stateOf(delivered.carrierMessageIds[0]!)).to.deep.include({ state: 'delivered' });
    expect(stateOf(absent.carrierMessageIds[0]!)).to.deep.include({ state: 'undeliverable', errorCode: 'absent_subscriber', carrierErrorCode: '027' });
    expect(stateOf(silent.carrierMessageIds[0]!)).to.equal(undefined);
    expect(MAGIC_NUMBERS.map((m) => m.suffix)).to.deep.equal(['5550000', '5550001', '5550002', '5550003', '5550004', '5550005', '5550006', '5550007', '5550008']);
  });

  it('takes per-number overrides before the magic numbers, and can turn the magic numbers off', async () => {
    const overridden = simulator({ overrides: [{ suffix: '1', outcome: { kind: 'refuse', errorCode: 'blocked_content', retryable: false } }] });
    expect((await overridden.gateway.submit(submission('+254715550001')))._unsafeUnwrapErr().errorCode).to.equal('blocked_content');
    const plain = simulator({ magicNumbers: false, ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 } });
    expect((await plain.gateway.submit(submission('+254715550001'))).isOk()).to.equal(true);
  });

  it('refuses a destination that is not E.164, and throws for a submission without parts', async () => {
    const { gateway } = simulator();
    expect((await gateway.submit(submission('0712345678')))._unsafeUnwrapErr().errorCode).to.equal('invalid_destination');
    let thrown: unknown;
    await gateway.submit({ ...submission('+254712345678'), parts: [] }).catch((error: unknown) => (thrown = error));
    expect(thrown).to.be.instanceOf(RangeError);
  });

  it('delivers a receipt again when the sink fails, then reports it', async () => {
    const errors: unknown[] = [];
    const { gateway, sink, scheduler } = simulator({ receiptRetryDelaysMs: [1_000, 2_000], onError: (e) => errors.push(e), ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 } });
    sink.failWith(new Error('database down'));
    await gateway.submit(submission('+254712000001'));
    await scheduler.advance(900);
    await scheduler.advance(1_000);
    sink.failWith(undefined);
    await scheduler.runAll();
    expect(sink.receipts).to.have.length(1);
    expect(errors).to.deep.equal([]);

    sink.failWith(new Error('still down'));
    await gateway.submit(submission('+254712000002'));
    await scheduler.runAll();
    expect(errors.map(String)).to.deep.equal(['Error: still down']);
  });

  it('close() cancels the receipts not sent yet', async () => {
    const { gateway, sink, scheduler } = simulator({ ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 } });
    await gateway.submit(submission('+254712000001', 'x'.repeat(400)));
    expect(gateway.pendingReceipts).to.equal(3);
    gateway.close();
    await scheduler.runAll();
    expect(sink.receipts).to.have.length(0);
    expect(scheduler.pending).to.equal(0);
  });

  it('refuses impossible settings', () => {
    const sink = new RecordingDeliveryReceiptSink();
    expect(() => new SimulatorCarrierGateway({ sink, latencyMs: { min: 10, max: 5 } })).to.throw(RangeError);
    expect(() => new SimulatorCarrierGateway({ sink, ratios: { delivered: 0, failed: 0, expired: 0, refused: 0 } })).to.throw(RangeError);
    expect(() => new SimulatorCarrierGateway({ sink, ratios: { delivered: -1 } })).to.throw(RangeError);
  });

  it('with real timers (the default scheduler), receipts arrive by themselves', async () => {
    const sink = new RecordingDeliveryReceiptSink();
    const gateway = new SimulatorCarrierGateway({ sink, latencyMs: { min: 5, max: 20 }, ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 } });
    const { carrierMessageIds } = (await gateway.submit(submission('+254712000001')))._unsafeUnwrap();
    const [receipt] = await sink.waitFor(1, 2_000);
    expect(receipt?.carrierMessageId).to.equal(carrierMessageIds[0]);
    expect(carrierMessageIds[0]).to.match(/^sim-[0-9a-f]{8}-0+1$/);
  });
});
