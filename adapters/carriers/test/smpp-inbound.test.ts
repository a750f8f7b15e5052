import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { RecordingInboundMessageSink } from '@tuma/messaging/testing';
import { COMMAND_STATUS, readInboundSms } from '../src/index.ts';
import { smppFixture, type SmppFixture } from './support/smpp-fixture.ts';

const clock = new FakeClock('2026-11-21T10:00:00.000Z');
const MO = { esm_class: 0, source_addr_ton: 1, source_addr_npi: 1, source_addr: '254712345678', destination_addr: '22345' };

describe('SmppCarrierGateway: inbound messages', () => {
  let f: SmppFixture | undefined;
  let inbound: RecordingInboundMessageSink;
  beforeEach(async () => {
    inbound = new RecordingInboundMessageSink();
    f = await smppFixture({}, { inbound, clock });
    await f.gateway.start();
  });
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('hands a mobile-originated message to the inbound sink and answers ESME_ROK once it is taken', async () => {
    const answer = await f!.smsc.deliver({ ...MO, data_coding: 0, short_message: 'STOP' });
    expect(answer.command_status).to.equal(COMMAND_STATUS.ESME_ROK);
    expect(inbound.received).to.deep.equal([
      { from: '+254712345678', to: '22345', text: 'STOP', carrier: 'smpp:test', carrierMessageId: null, receivedAt: clock.now() },
    ]);
  });

  it('reads GSM 03.38 and UCS-2 texts, a long text in message_payload, and a part without its concatenation header', async () => {
    await f!.smsc.deliver({ ...MO, data_coding: 0, short_message: 'Bei ni £5 @duka_langu' });
    await f!.smsc.deliver({ ...MO, data_coding: 8, short_message: Buffer.from('Asante sana 👋🏽', 'utf16le').swap16() });
    await f!.smsc.deliver({ ...MO, data_coding: 0, short_message: '', message_payload: 'Habari '.repeat(40) });
    await f!.smsc.deliver({ ...MO, data_coding: 0, short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x02, 0x01]), message: 'First part' } });
    expect(inbound.received.map((sms) => sms.text)).to.deep.equal(['Bei ni £5 @duka_langu', 'Asante sana 👋🏽', 'Habari '.repeat(40), 'First part']);
  });

  it('answers ESME_RX_T_APPN when the sink fails, so the SMSC offers the message again', async () => {
    inbound.failWith(new Error('database down'));
    const refused = await f!.smsc.deliver({ ...MO, short_message: 'STOP' });
    expect(refused.command_status).to.equal(COMMAND_STATUS.ESME_RX_T_APPN);
    expect(f!.events).to.deep.include({ type: 'inbound_sink_failed', from: '254712345678', error: 'Error: database down' });
    inbound.failWith(undefined);
    expect((await f!.smsc.deliver({ ...MO, short_message: 'STOP' })).command_status).to.equal(COMMAND_STATUS.ESME_ROK);
  });

  it('answers ESME_RX_P_APPN for a message that can never be stored, so the SMSC stops offering it', async () => {
    inbound.refuseWith({ type: 'invalid_phone_number', reason: 'not_numeric', message: 'from: Not a phone number', details: [] });
    const refused = await f!.smsc.deliver({ ...MO, source_addr_ton: 5, source_addr: 'MPESA', short_message: 'Hi' });
    expect(refused.command_status).to.equal(COMMAND_STATUS.ESME_RX_P_APPN);
    expect(f!.events).to.deep.include({ type: 'inbound_unreadable', from: 'MPESA', reason: 'from: Not a phone number' });
    inbound.refuseWith(undefined);
    const binary = await f!.smsc.deliver({ ...MO, data_coding: 4, short_message: Buffer.from([0x0b, 0x05, 0x04]) });
    expect(binary.command_status).to.equal(COMMAND_STATUS.ESME_RX_P_APPN);
    expect(f!.events).to.deep.include({ type: 'inbound_unreadable', from: '254712345678', reason: 'data_coding 4 is not text' });
    expect(inbound.received).to.deep.equal([]);
  });
});

describe('readInboundSms', () => {
  const at = new Date('2026-11-21T10:00:00.000Z');

  it('adds the + to an international source address only', () => {
    const read = (fields: Record<string, unknown>) => readInboundSms({ ...MO, short_message: { message: 'Hi' }, ...fields }, 'smpp:x', at);
    expect(read({})?.from).to.equal('+254712345678');
    expect(read({ source_addr: '+254712345678' })?.from).to.equal('+254712345678');
    expect(read({ source_addr_ton: 0 })?.from).to.equal('254712345678');
    expect(read({ source_addr_ton: 2, source_addr: '0712345678' })?.from).to.equal('0712345678');
  });

  it('gives no message for octets the package left undecoded', () => {
    expect(readInboundSms({ ...MO, short_message: { message: Buffer.from([1, 2]) } }, 'smpp:x', at)).to.equal(null);
  });
});
