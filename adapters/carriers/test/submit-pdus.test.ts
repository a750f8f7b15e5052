import { expect } from 'chai';
import { segmentMessage, type CarrierSubmission } from '@tuma/messaging';
import {
  buildSubmitPdus,
  concatenationUdh,
  destinationAddress,
  encodeGsm7Unpacked,
  encodeText,
  sourceAddress,
  type SubmitSmFields,
} from '../src/index.ts';

function submission(text: string, overrides: Partial<CarrierSubmission> = {}): CarrierSubmission {
  const { parts, encoding } = segmentMessage(text);
  return { messageId: 'msg_1', from: 'TUMA', to: '+254712345678', text, encoding, parts, routeCode: 'SVC_KE', ...overrides };
}

const options = { longMessages: 'udh', reference: 42, serviceType: '' } as const;
const bytes = (pdu: SubmitSmFields | undefined, field: string): Buffer => pdu?.[field] as Buffer;

describe('submit_sm PDUs', () => {
  it('writes GSM-7 unpacked, one septet per octet, extension characters after the escape', () => {
    expect([...encodeGsm7Unpacked('@£$ Aa')]).to.deep.equal([0x00, 0x01, 0x02, 0x20, 0x41, 0x61]);
    expect([...encodeGsm7Unpacked('€[_')]).to.deep.equal([0x1b, 0x65, 0x1b, 0x3c, 0x11]);
    expect(() => encodeGsm7Unpacked('ç')).to.throw(RangeError, /U\+00E7/);
  });

  it('writes UCS-2 big-endian, an emoji as its surrogate pair', () => {
    expect([...encodeText('Hé👋', 'UCS2')]).to.deep.equal([0x00, 0x48, 0x00, 0xe9, 0xd8, 0x3d, 0xdc, 0x4b]);
  });

  it('addresses: alphanumeric sender TON 5, short code TON 3, numbers international ISDN without +', () => {
    expect(sourceAddress('TUMA')).to.deep.equal({ addr: 'TUMA', ton: 5, npi: 0 });
    expect(sourceAddress('22141')).to.deep.equal({ addr: '22141', ton: 3, npi: 0 });
    expect(sourceAddress('+254700000000')).to.deep.equal({ addr: '254700000000', ton: 1, npi: 1 });
    expect(sourceAddress('254700000000')).to.deep.equal({ addr: '254700000000', ton: 1, npi: 1 });
    expect(destinationAddress('+234803555000')).to.deep.equal({ addr: '234803555000', ton: 1, npi: 1 });
  });

  it('a one-part message: no UDH, esm_class 0, data_coding 0 for GSM-7, a final receipt requested', () => {
    const [pdu, ...rest] = buildSubmitPdus(submission('Habari @ 10€'), options);
    expect(rest).to.have.length(0);
    expect(pdu).to.include({
      esm_class: 0,
      data_coding: 0,
      registered_delivery: 1,
      source_addr: 'TUMA',
      source_addr_ton: 5,
      destination_addr: '254712345678',
      dest_addr_ton: 1,
      dest_addr_npi: 1,
    });
    expect(bytes(pdu, 'short_message')).to.deep.equal(encodeGsm7Unpacked('Habari @ 10€'));
  });

  it('a long GSM-7 message: one PDU per part with the concatenation UDH and esm_class 0x40', () => {
    const text = 'Karibu! '.repeat(40);
    const pdus = buildSubmitPdus(submission(text), options);
    expect(pdus).to.have.length(3);
    pdus.forEach((pdu, index) => {
      expect(pdu).to.include({ esm_class: 0x40, data_coding: 0 });
      const message = bytes(pdu, 'short_message');
      expect([...message.subarray(0, 6)]).to.deep.equal([0x05, 0x00, 0x03, 42, 3, index + 1]);
      expect(message.length - 6).to.be.at.most(153);
    });
    const body = Buffer.concat(pdus.map((pdu) => bytes(pdu, 'short_message').subarray(6)));
    expect(body).to.deep.equal(encodeGsm7Unpacked(text));
  });

  it('a long UCS-2 message: data_coding 8 and parts of at most 134 octets after the UDH', () => {
    const text = 'Habari ya asubuhi 👋🏽 '.repeat(8);
    const pdus = buildSubmitPdus(submission(text), options);
    expect(pdus.length).to.equal(segmentMessage(text).segments).and.to.be.greaterThan(1);
    for (const pdu of pdus) {
      expect(pdu).to.include({ esm_class: 0x40, data_coding: 8 });
      expect(bytes(pdu, 'short_message').length - 6).to.be.at.most(134);
    }
    const body = Buffer.concat(pdus.map((pdu) => bytes(pdu, 'short_message').subarray(6)));
    expect(body.swap16().toString('utf16le')).to.equal(text);
  });

  it('payload mode: one PDU with the whole text in message_payload and an empty short_message', () => {
    const text = 'Karibu! '.repeat(40);
    const pdus = buildSubmitPdus(submission(text), { ...options, longMessages: 'payload' });
    expect(pdus).to.have.length(1);
    expect(pdus[0]).to.include({ esm_class: 0, data_coding: 0 });
    expect(bytes(pdus[0], 'short_message').length).to.equal(0);
    expect(bytes(pdus[0], 'message_payload')).to.deep.equal(encodeGsm7Unpacked(text));
    const short = buildSubmitPdus(submission('Hi'), { ...options, longMessages: 'payload' });
    expect(short[0]).to.not.have.property('message_payload');
  });

  it('keeps the reference to 8 bits and refuses a submission without parts', () => {
    expect([...concatenationUdh(300, 2, 1)]).to.deep.equal([5, 0, 3, 44, 2, 1]);
    expect(() => buildSubmitPdus(submission('x', { parts: [] }), options)).to.throw(RangeError, /no parts/);
  });
});
