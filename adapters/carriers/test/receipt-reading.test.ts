import { expect } from 'chai';
import {
  asciiFromGsm7Decoded,
  deliverSmText,
  errorCodeOfReceiptError,
  isDeliveryReceipt,
  parseReceiptDate,
  parseReceiptText,
  readDeliveryReceipt,
  receiptStateOfMessageState,
  receiptStateOfStat,
} from '../src/index.ts';

const RECEIVED = new Date('2026-11-20T10:07:00.000Z');
const TEXT = 'id:0A1B2C3D sub:001 dlvrd:001 submit date:2611201005 done date:2611201006 stat:DELIVRD err:000 text:Habari yako stat:x';

describe('reading delivery receipts', () => {
  it('parses the receipt text of SMPP 3.4 Appendix B; text: runs to the end', () => {
    expect(parseReceiptText(TEXT)).to.deep.equal({
      id: '0A1B2C3D',
      sub: '001',
      dlvrd: '001',
      submitDate: new Date('2026-11-20T10:05:00.000Z'),
      doneDate: new Date('2026-11-20T10:06:00.000Z'),
      stat: 'DELIVRD',
      err: '000',
      text: 'Habari yako stat:x',
    });
  });

  it('reads fields in any order and case, tolerates missing ones, and needs an id', () => {
    const parsed = parseReceiptText('STAT:UNDELIV ERR:027 ID:77 Done Date:261120100633');
    expect(parsed).to.deep.include({ id: '77', stat: 'UNDELIV', err: '027', sub: null, text: null, submitDate: null });
    expect(parsed?.doneDate).to.deep.equal(new Date('2026-11-20T10:06:33.000Z'));
    expect(parseReceiptText('stat:DELIVRD err:000')).to.equal(null);
    expect(parseReceiptText('hello')).to.equal(null);
  });

  it('reads YYMMDDhhmm[ss] dates as UTC and refuses impossible ones', () => {
    expect(parseReceiptDate('2602281200')).to.deep.equal(new Date('2026-02-28T12:00:00.000Z'));
    expect(parseReceiptDate('2602301200')).to.equal(null);
    expect(parseReceiptDate('2611202460')).to.equal(null);
    expect(parseReceiptDate('26112010')).to.equal(null);
    expect(parseReceiptDate(null)).to.equal(null);
  });

  it('maps stat words, message_state values and MAP error codes', () => {
    expect(['DELIVRD', 'expired', 'DELETED', 'UNDELIV', 'ACCEPTD', 'UNKNOWN', 'REJECTD', 'ENROUTE', 'WEIRD'].map(receiptStateOfStat)).to.deep.equal([
      'delivered',
      'expired',
      'deleted',
      'undeliverable',
      'accepted',
      'unknown',
      'rejected',
      'enroute',
      'unknown',
    ]);
    expect([1, 2, 3, 5, 8, 42].map(receiptStateOfMessageState)).to.deep.equal(['enroute', 'delivered', 'expired', 'undeliverable', 'rejected', 'unknown']);
    expect(['000', '001', '027', '27', '013', '032', '034', '999', 'X1'].map(errorCodeOfReceiptError)).to.deep.equal([
      null,
      'unknown_subscriber',
      'absent_subscriber',
      'absent_subscriber',
      'subscriber_barred',
      'handset_error',
      'network_error',
      null,
      null,
    ]);
  });

  it('tells receipts from inbound messages by esm_class or receipted_message_id', () => {
    expect(isDeliveryReceipt({ esm_class: 0x04 })).to.equal(true);
    expect(isDeliveryReceipt({ esm_class: 0x20 })).to.equal(true);
    expect(isDeliveryReceipt({ esm_class: 0x00, receipted_message_id: 'abc' })).to.equal(true);
    expect(isDeliveryReceipt({ esm_class: 0x00 })).to.equal(false);
    expect(isDeliveryReceipt({ esm_class: 0x40 })).to.equal(false);
  });

  it('gives back the ASCII of a text the smpp package read as GSM 03.38', () => {
    // ASCII "id:a_b@c$" read octet by octet through the GSM table.
    expect(asciiFromGsm7Decoded('id:a§b¡c¤')).to.equal('id:a_b@c$');
    expect(deliverSmText({ data_coding: 0, short_message: { message: 'id:a§b' } })).to.equal('id:a_b');
    expect(deliverSmText({ data_coding: 3, short_message: { message: 'id:a§b' } })).to.equal('id:a§b');
    expect(deliverSmText({ data_coding: 4, short_message: { message: Buffer.from('id:x_1') } })).to.equal('id:x_1');
    expect(deliverSmText({ data_coding: 0, short_message: { message: '' }, message_payload: { message: 'id:9' } })).to.equal('id:9');
  });

  it('reads a receipt from its text', () => {
    const receipt = readDeliveryReceipt({ esm_class: 4, data_coding: 0, short_message: { message: TEXT } }, 'smpp:test', RECEIVED);
    expect(receipt).to.deep.equal({
      carrier: 'smpp:test',
      carrierMessageId: '0A1B2C3D',
      messageId: null,
      partIndex: null,
      state: 'delivered',
      errorCode: null,
      carrierErrorCode: null,
      submittedAt: new Date('2026-11-20T10:05:00.000Z'),
      doneAt: new Date('2026-11-20T10:06:00.000Z'),
      receivedAt: RECEIVED,
    });
    const failed = readDeliveryReceipt({ esm_class: 4, short_message: { message: 'id:9 stat:UNDELIV err:027' } }, 'c', RECEIVED);
    expect(failed).to.deep.include({ state: 'undeliverable', errorCode: 'absent_subscriber', carrierErrorCode: '027' });
    const unmapped = readDeliveryReceipt({ esm_class: 4, short_message: { message: 'id:9 stat:REJECTD err:403' } }, 'c', RECEIVED);
    expect(unmapped).to.deep.include({ state: 'rejected', errorCode: null, carrierErrorCode: '403' });
  });

  it('prefers the TLVs: receipted_message_id, message_state and a GSM network_error_code', () => {
    const receipt = readDeliveryReceipt(
      {
        esm_class: 4,
        short_message: { message: 'id:TEXTID stat:DELIVRD err:000' },
        receipted_message_id: 'TLVID',
        message_state: 5,
        network_error_code: Buffer.from([3, 0x00, 0x01]),
      },
      'c',
      RECEIVED,
    );
    expect(receipt).to.deep.include({ carrierMessageId: 'TLVID', state: 'undeliverable', errorCode: 'unknown_subscriber', carrierErrorCode: '3:1' });
    const tlvOnly = readDeliveryReceipt({ esm_class: 4, short_message: { message: '' }, receipted_message_id: 'X1', message_state: 2 }, 'c', RECEIVED);
    expect(tlvOnly).to.deep.include({ carrierMessageId: 'X1', state: 'delivered', submittedAt: null });
    expect(readDeliveryReceipt({ esm_class: 4, short_message: { message: 'no receipt here' } }, 'c', RECEIVED)).to.equal(null);
  });
});
