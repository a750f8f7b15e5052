import { expect } from 'chai';
import {
  DELIVERY_ERROR_CODE_LIST,
  DELIVERY_ERROR_CODES,
  decideAfterRefusal,
  DEFAULT_RETRY_POLICY,
  isDeliveryErrorCode,
  isFinalStatus,
  isOutboundMessageStatus,
  OUTBOUND_MESSAGE_STATUSES,
  receiptErrorCode,
  receiptOutcome,
  retryDelayMs,
  type DeliveryState,
} from '../src/delivery.ts';
import { at, sent } from './support/delivery-builders.ts';

const withRetries = (retryCount: number): DeliveryState => ({ ...sent(), retryCount });

describe('statuses, error codes and the retry policy', () => {
  it('knows the six outbound statuses and which are final; received and not_found are not outbound statuses', () => {
    expect(OUTBOUND_MESSAGE_STATUSES).to.deep.equal(['queued', 'sent', 'submitted', 'delivered', 'failed', 'rejected']);
    expect(OUTBOUND_MESSAGE_STATUSES.filter(isFinalStatus)).to.deep.equal(['delivered', 'failed', 'rejected']);
    expect(isOutboundMessageStatus('received')).to.equal(false);
    expect(isOutboundMessageStatus('not_found')).to.equal(false);
  });

  it('has snake_case codes, and only submission codes are retryable', () => {
    for (const code of DELIVERY_ERROR_CODE_LIST) {
      expect(code).to.match(/^[a-z]+(_[a-z]+)*$/);
      const info = DELIVERY_ERROR_CODES[code];
      if (info.retryable) expect(info.stages, code).to.deep.equal(['submission']);
    }
    expect(DELIVERY_ERROR_CODE_LIST.filter((code) => DELIVERY_ERROR_CODES[code].retryable)).to.have.members([
      'throttled',
      'carrier_queue_full',
      'carrier_system_error',
      'carrier_unavailable',
      'network_timeout',
      'insufficient_route_capacity',
    ]);
    expect(isDeliveryErrorCode('absent_subscriber')).to.equal(true);
    expect(isDeliveryErrorCode('toString')).to.equal(false);
  });

  it('reads receipt states as delivered, failed or pending, with a default code per failed state', () => {
    expect(receiptOutcome('delivered')).to.equal('delivered');
    expect(['expired', 'undeliverable', 'rejected', 'deleted', 'failed'].map((s) => receiptOutcome(s as never))).to.deep.equal(Array(5).fill('failed'));
    expect(['enroute', 'accepted', 'unknown'].map((s) => receiptOutcome(s as never))).to.deep.equal(Array(3).fill('pending'));
    expect(receiptErrorCode({ state: 'expired', errorCode: null })).to.equal('expired');
    expect(receiptErrorCode({ state: 'undeliverable', errorCode: 'absent_subscriber' })).to.equal('absent_subscriber');
    expect(receiptErrorCode({ state: 'delivered', errorCode: 'absent_subscriber' })).to.equal(null);
  });

  it('retries a retryable refusal with the scheduled delays, then fails once retries are used up', () => {
    expect(DEFAULT_RETRY_POLICY).to.deep.equal({ maxRetries: 3, delaysMs: [30_000, 120_000, 600_000] });
    const refusal = { errorCode: 'throttled', retryable: true } as const;
    const delays = [0, 1, 2].map((n) => decideAfterRefusal(withRetries(n), refusal, at(1)));
    expect(delays.map((d) => (d.retry ? d.delayMs : null))).to.deep.equal([30_000, 120_000, 600_000]);
    expect(delays[0]!.event).to.deep.equal({ type: 'retry_scheduled', errorCode: 'throttled', at: at(1) });

    const exhausted = decideAfterRefusal(withRetries(3), refusal, at(1));
    expect(exhausted).to.deep.equal({ retry: false, event: { type: 'failed', errorCode: 'throttled', at: at(1) } });
  });

  it('never retries a refusal the gateway or the catalogue calls final', () => {
    expect(decideAfterRefusal(sent(), { errorCode: 'invalid_destination', retryable: false }, at(1)).retry).to.equal(false);
    expect(decideAfterRefusal(sent(), { errorCode: 'invalid_destination', retryable: true }, at(1)).retry).to.equal(false);
    expect(decideAfterRefusal(sent(), { errorCode: 'throttled', retryable: false }, at(1)).retry).to.equal(false);
    expect(decideAfterRefusal(sent(), { errorCode: 'throttled', retryable: true }, at(1), { maxRetries: 0, delaysMs: [] }).retry).to.equal(false);
  });

  it('waits the last listed delay for retries past the list', () => {
    const policy = { maxRetries: 10, delaysMs: [1_000, 5_000] };
    expect([1, 2, 3, 9].map((n) => retryDelayMs(n, policy))).to.deep.equal([1_000, 5_000, 5_000, 5_000]);
    expect(retryDelayMs(1, { maxRetries: 1, delaysMs: [] })).to.equal(0);
  });
});
