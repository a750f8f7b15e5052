import { expect } from 'chai';
import { Money } from '@tuma/kernel';
import { deliveryReport, OutboundMessage } from '../src/index.ts';
import { outboundMessageFixture } from '../src/testing/contracts.ts';

const at = new Date('2026-11-21T10:00:00.000Z');
const message = outboundMessageFixture('acc_1', { id: 'msg_01JAAAAAAAAAAAAAAAAAAAAAAA', createdAt: at, carrier: 'simulator', cost: Money.parse('0.006178', 'USD')._unsafeUnwrap() });
const inStatus = (status: OutboundMessage['delivery']['status'], extra: Partial<OutboundMessage['delivery']> = {}): OutboundMessage =>
  OutboundMessage.rehydrate({ ...message, delivery: { ...message.delivery, status, ...extra } });

describe('delivery reports', () => {
  it('reports the carrier acceptance and every final status with the spec body', () => {
    const failed = deliveryReport('submitted', inStatus('failed', { errorCode: 'absent_subscriber', failedAt: at, retryCount: 1 }), at)!;
    expect(failed.id).to.match(/^evt_[0-9A-Z]{26}$/);
    expect(failed).to.include({ accountId: 'acc_1', kind: 'dlr', type: 'message.failed' });
    expect(failed.payload).to.deep.equal({
      event: 'message.failed',
      message_id: message.id,
      status: 'failed',
      phone: '+254712345678',
      sender_id: 'TUMA',
      segments: 1,
      encoding: 'GSM7',
      environment: 'live',
      livemode: true,
      cost: 0.006178,
      error_code: 'absent_subscriber',
      retry_count: 1,
      delivered_at: null,
      failed_at: at.toISOString(),
    });
    expect(deliveryReport('sent', inStatus('submitted'), at)?.type).to.equal('message.submitted');
    expect(deliveryReport('submitted', inStatus('delivered', { deliveredAt: at }), at)?.payload).to.include({ delivered_at: at.toISOString() });
    expect(deliveryReport(null, inStatus('rejected', { errorCode: 'opted_out', failedAt: at }), at)?.type).to.equal('message.rejected');
    expect(deliveryReport('submitted', OutboundMessage.rehydrate({ ...inStatus('delivered'), environment: 'test' }), at)?.payload).to.include({ environment: 'test', livemode: false });
  });

  it('reports nothing for queued, sent, or a status that did not change', () => {
    expect(deliveryReport(null, inStatus('queued'), at)).to.equal(undefined);
    expect(deliveryReport('queued', inStatus('sent'), at)).to.equal(undefined);
    expect(deliveryReport('sent', inStatus('queued', { retryCount: 1 }), at)).to.equal(undefined);
    expect(deliveryReport('delivered', inStatus('delivered'), at)).to.equal(undefined);
  });
});
