import { expect } from 'chai';
import { applyDeliveryEvents, queuedDelivery } from '@tuma/messaging';
import { COMMAND_STATUS } from '../src/index.ts';
import { eventually, smppFixture, submission, type SmppFixture } from './support/smpp-fixture.ts';
import { receiptText } from './support/fake-smsc.ts';

describe('SmppCarrierGateway: delivery receipts', () => {
  let f: SmppFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('hands the receipts the SMSC sends to the sink, which settle the message', async () => {
    f = await smppFixture({ receipt: () => ({ stat: 'DELIVRD', delayMs: 10 }) });
    await f.gateway.start();
    const { carrierMessageIds } = (await f.gateway.submit(submission('Habari '.repeat(50))))._unsafeUnwrap();
    const receipts = await f.sink.waitFor(carrierMessageIds.length);
    expect(receipts.map((r) => r.carrierMessageId)).to.have.members([...carrierMessageIds]);
    for (const receipt of receipts) {
      expect(receipt).to.deep.include({ carrier: 'smpp:test', state: 'delivered', errorCode: null, doneAt: new Date('2026-11-20T10:06:00.000Z') });
    }
    const state = applyDeliveryEvents(queuedDelivery(), [
      { type: 'dispatched', at: new Date() },
      { type: 'carrier_accepted', carrierMessageIds, at: new Date() },
      ...receipts.map((receipt) => ({ type: 'receipt' as const, receipt })),
    ])._unsafeUnwrap();
    expect(state.status).to.equal('delivered');
    await eventually(() => f!.smsc.deliverResponses.length === receipts.length, 2_000, 'deliver_sm_resp');
    expect(f.smsc.deliverResponses.map((r) => r.command_status)).to.deep.equal(receipts.map(() => 0));
  });

  it('maps a failure receipt with its err: code', async () => {
    f = await smppFixture({ receipt: () => ({ stat: 'UNDELIV', err: '027' }) });
    await f.gateway.start();
    await f.gateway.submit(submission('Hi'));
    const [receipt] = await f.sink.waitFor(1);
    expect(receipt).to.deep.include({ state: 'undeliverable', errorCode: 'absent_subscriber', carrierErrorCode: '027' });
  });

  it('reads receipts sent as raw ASCII octets and as TLVs', async () => {
    f = await smppFixture();
    await f.gateway.start();
    await f.smsc.deliver({ short_message: Buffer.from(receiptText('ab_12@x', 'EXPIRED', '000'), 'ascii') });
    await f.smsc.deliver({ short_message: 'status report', receipted_message_id: 'TLV-9', message_state: 8, network_error_code: Buffer.from([3, 0, 13]) });
    const [ascii, tlv] = await f.sink.waitFor(2);
    expect(ascii).to.deep.include({ carrierMessageId: 'ab_12@x', state: 'expired', errorCode: null });
    expect(tlv).to.deep.include({ carrierMessageId: 'TLV-9', state: 'rejected', errorCode: 'subscriber_barred', carrierErrorCode: '3:13' });
  });

  it('answers ESME_RX_T_APPN when the sink fails, so the SMSC sends the receipt again', async () => {
    f = await smppFixture();
    await f.gateway.start();
    f.sink.failWith(new Error('database down'));
    const refused = await f.smsc.deliver({ short_message: receiptText('A1', 'DELIVRD') });
    expect(refused.command_status).to.equal(COMMAND_STATUS.ESME_RX_T_APPN);
    expect(f.events).to.deep.include({ type: 'receipt_sink_failed', carrierMessageId: 'A1', error: 'Error: database down' });

    f.sink.failWith(undefined);
    const taken = await f.smsc.deliver({ short_message: receiptText('A1', 'DELIVRD') });
    expect(taken.command_status).to.equal(0);
    expect(f.sink.receipts.map((r) => r.carrierMessageId)).to.deep.equal(['A1']);
  });

  it('acknowledges an unreadable receipt (sending it again would not help) and refuses inbound messages for now', async () => {
    f = await smppFixture();
    await f.gateway.start();
    const unreadable = await f.smsc.deliver({ short_message: 'no id in here stat:DELIVRD text:482913 is your code' });
    expect(unreadable.command_status).to.equal(0);
    const logged = f.events.find((e) => e.type === 'receipt_unreadable');
    expect(JSON.stringify(logged), 'logged without the quoted text (an OTP may start with its code)').to.include('stat:DELIVRD text:[omitted]').and.not.include('482913');

    const inbound = await f.smsc.deliver({ esm_class: 0, source_addr: '254712345678', short_message: 'STOP' });
    expect(inbound.command_status).to.equal(COMMAND_STATUS.ESME_RX_T_APPN);
    expect(f.events).to.deep.include({ type: 'inbound_refused', from: '254712345678' });
    expect(f.sink.receipts).to.have.length(0);
  });
});
