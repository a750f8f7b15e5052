import { expect } from 'chai';
import { ok } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { EnvironmentGateways, segmentMessage, type CarrierGateway, type CarrierSubmission } from '@tuma/messaging';
import { RecordingDeliveryReceiptSink } from '@tuma/messaging/testing';
import { ManualScheduler, SimulatedHandsets, SimulatorCarrierGateway, type SimulatorOptions } from '../src/index.ts';

const START = '2026-11-20T10:00:00.000Z';
const KE = '+254712000001';
const NG = '+2348031234567';

function submission(to: string, text: string, messageId: string): CarrierSubmission {
  const { parts, encoding } = segmentMessage(text);
  return { messageId, from: 'TUMA', to, text, encoding, parts, routeCode: 'SVC_KE' };
}

function simulator(clock: FakeClock, options: Partial<SimulatorOptions> = {}) {
  const scheduler = new ManualScheduler(clock);
  return new SimulatorCarrierGateway({ sink: new RecordingDeliveryReceiptSink(), seed: 7, clock, scheduler: scheduler.schedule, ...options });
}

/** A carrier outside the process (SMPP, an embedder's): it keeps nothing a phone received. */
const remoteCarrier: CarrierGateway = { name: 'smpp:smsc.example', submit: async ({ parts }) => ok({ carrierMessageIds: parts.map((_, i) => `smsc-${i}`) }) };

describe('SimulatorCarrierGateway: the handset inbox', () => {
  it('keeps each accepted message in the clear text submitted, with its parts, the gateway and the time by its clock', async () => {
    const clock = new FakeClock(START);
    const gateway = simulator(clock, { name: 'sandbox' });
    const long = `Your Tuma code is 482913. ${'Do not share it with anyone. '.repeat(8)}`;
    await gateway.submit(submission(KE, long, 'msg_1'));
    expect(gateway.inbox.received({ to: KE, limit: 10 })).to.deep.equal([
      { messageId: 'msg_1', from: 'TUMA', to: KE, text: long, parts: segmentMessage(long).parts.length, gateway: 'sandbox', receivedAt: new Date(START) },
    ]);
    expect(segmentMessage(long).parts.length).to.be.greaterThan(1);
  });

  it('keeps accepted messages whatever their receipt will say, and none it refused', async () => {
    const gateway = simulator(new FakeClock(START));
    // Magic numbers: 5550003 accepted then undeliverable, 5550007 accepted and silent; 5550001 and 5550002 refused.
    for (const [n, suffix] of ['5550003', '5550007', '5550001', '5550002'].entries()) await gateway.submit(submission(`+25471${suffix}`, `Code ${n}`, `msg_${n}`));
    expect(gateway.inbox.received({ limit: 10 }).map((m) => m.to)).to.deep.equal(['+254715550007', '+254715550003']);
  });

  it('drops the oldest beyond `inboxSize`', async () => {
    const gateway = simulator(new FakeClock(START), { inboxSize: 2, ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 } });
    for (let n = 1; n <= 3; n++) await gateway.submit(submission(KE, `Code ${n}`, `msg_${n}`));
    expect(gateway.inbox.received({ limit: 10 }).map((m) => m.messageId)).to.deep.equal(['msg_3', 'msg_2']);
    expect(() => simulator(new FakeClock(START), { inboxSize: 0 })).to.throw(RangeError);
  });
});

describe('SimulatedHandsets', () => {
  const always = { ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 } };

  it('reads the live and sandbox simulators as one, newest first across both, each message with its environment', async () => {
    const clock = new FakeClock(START);
    const live = simulator(clock, { name: 'simulator', ...always });
    const sandbox = simulator(clock, { name: 'sandbox', ...always });
    const handsets = new SimulatedHandsets(new EnvironmentGateways(live, sandbox));
    await sandbox.submit(submission(KE, 'Test code 111111', 'msg_t1'));
    clock.advance(1000);
    await live.submit(submission(KE, 'Live code 222222', 'msg_l1'));
    clock.advance(1000);
    await live.submit(submission(NG, 'Live code 333333', 'msg_l2'));
    clock.advance(1000);
    await sandbox.submit(submission(KE, 'Test code 444444', 'msg_t2'));

    const summary = (query: { to?: string; limit: number }) => handsets.received(query).map((m) => `${m.messageId} ${m.environment} ${m.gateway} ${m.text}`);
    expect(summary({ to: KE, limit: 10 })).to.deep.equal(['msg_t2 test sandbox Test code 444444', 'msg_l1 live simulator Live code 222222', 'msg_t1 test sandbox Test code 111111']);
    expect(summary({ to: KE, limit: 2 })).to.deep.equal(['msg_t2 test sandbox Test code 444444', 'msg_l1 live simulator Live code 222222']);
    expect(summary({ limit: 2 })).to.deep.equal(['msg_t2 test sandbox Test code 444444', 'msg_l2 live simulator Live code 333333']);
  });

  it('reads only the sandbox when the live gateway is no simulator', async () => {
    const sandbox = simulator(new FakeClock(START), { name: 'sandbox', ...always });
    const handsets = new SimulatedHandsets(new EnvironmentGateways(remoteCarrier, sandbox));
    await remoteCarrier.submit(submission(KE, 'Live code 555555', 'msg_l1'));
    await sandbox.submit(submission(KE, 'Test code 666666', 'msg_t1'));
    expect(handsets.received({ to: KE, limit: 10 }).map((m) => [m.messageId, m.environment])).to.deep.equal([['msg_t1', 'test']]);
  });
});
