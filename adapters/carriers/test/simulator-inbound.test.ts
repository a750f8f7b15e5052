import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { RecordingDeliveryReceiptSink, RecordingInboundMessageSink } from '@tuma/messaging/testing';
import { SimulatorCarrierGateway } from '../src/index.ts';

describe('SimulatorCarrierGateway: inbound messages', () => {
  const clock = new FakeClock('2026-11-20T10:00:00.000Z');

  it('hands a simulated reply to the inbound sink, named after the gateway, with a carrier id of its own', async () => {
    const inbound = new RecordingInboundMessageSink();
    const gateway = new SimulatorCarrierGateway({ name: 'simulator', sink: new RecordingDeliveryReceiptSink(), inbound, seed: 7, clock });
    const taken = await gateway.simulateInbound({ from: '+254712345678', to: 'TUMA', text: 'STOP' });
    expect(taken._unsafeUnwrap().keyword).to.deep.equal({ keyword: 'STOP', action: 'opt_out' });
    await gateway.simulateInbound({ from: '+254712345678', to: 'TUMA', text: 'START', carrierMessageId: 'mo-given' });
    const [stop, start] = inbound.received;
    expect(stop).to.deep.include({ from: '+254712345678', to: 'TUMA', text: 'STOP', carrier: 'simulator', receivedAt: clock.now() });
    expect(stop!.carrierMessageId).to.match(/^sim-7-/);
    expect(start!.carrierMessageId).to.equal('mo-given');
  });

  it('answers what the sink answers', async () => {
    const inbound = new RecordingInboundMessageSink();
    const gateway = new SimulatorCarrierGateway({ sink: new RecordingDeliveryReceiptSink(), inbound, clock });
    const refusal = { type: 'invalid_phone_number', reason: 'not_numeric', message: 'from: Not a phone number', details: [] } as const;
    inbound.refuseWith(refusal);
    expect((await gateway.simulateInbound({ from: 'nobody', to: 'TUMA', text: 'Hi' }))._unsafeUnwrapErr()).to.deep.equal(refusal);
  });

  it('cannot simulate a reply without an inbound sink (a wiring bug)', () => {
    const gateway = new SimulatorCarrierGateway({ name: 'sandbox', sink: new RecordingDeliveryReceiptSink(), clock });
    expect(() => gateway.simulateInbound({ from: '+254712345678', to: 'TUMA', text: 'Hi' })).to.throw(/sandbox has no inbound sink/);
  });
});
