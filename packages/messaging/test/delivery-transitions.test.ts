import { expect } from 'chai';
import {
  applyDeliveryEvent,
  applyDeliveryEvents,
  queuedDelivery,
  type DeliveryEvent,
  type DeliveryState,
} from '../src/delivery.ts';
import { at, receipt, sent, submittedWith } from './support/delivery-builders.ts';

const apply = (state: DeliveryState, event: DeliveryEvent) => applyDeliveryEvent(state, event)._unsafeUnwrap();
const refusal = (state: DeliveryState, event: DeliveryEvent) => applyDeliveryEvent(state, event)._unsafeUnwrapErr();

describe('delivery transitions', () => {
  describe('the normal path', () => {
    it('queued -> sent -> submitted -> delivered, with the timestamps of each step', () => {
      const queued = queuedDelivery();
      expect(queued).to.include({ status: 'queued', retryCount: 0, errorCode: null, sentAt: null, deliveredAt: null, failedAt: null });

      const dispatched = apply(queued, { type: 'dispatched', at: at(1) });
      expect(dispatched).to.deep.include({ changed: true });
      expect(dispatched.state).to.deep.include({ status: 'sent', sentAt: at(1) });

      const accepted = apply(dispatched.state, { type: 'carrier_accepted', carrierMessageIds: ['c1'], at: at(2) });
      expect(accepted.state).to.deep.include({ status: 'submitted', submittedAt: at(2), carrierMessageIds: ['c1'] });

      const delivered = apply(accepted.state, { type: 'receipt', receipt: receipt('c1', 'delivered', { receivedAt: at(30) }) });
      expect(delivered.changed).to.equal(true);
      expect(delivered.state).to.deep.include({ status: 'delivered', deliveredAt: at(30), errorCode: null, failedAt: null });
    });

    it('a failure receipt fails the message with the mapped code, or the code its state stands for', () => {
      const mapped = apply(submittedWith('c1'), { type: 'receipt', receipt: receipt('c1', 'undeliverable', { errorCode: 'absent_subscriber', receivedAt: at(9) }) });
      expect(mapped.state).to.deep.include({ status: 'failed', errorCode: 'absent_subscriber', failedAt: at(9), deliveredAt: null });

      const expired = apply(submittedWith('c1'), { type: 'receipt', receipt: receipt('c1', 'expired') });
      expect(expired.state).to.include({ status: 'failed', errorCode: 'expired' });
      const rejected = apply(submittedWith('c1'), { type: 'receipt', receipt: receipt('c1', 'rejected') });
      expect(rejected.state).to.include({ status: 'failed', errorCode: 'carrier_rejected' });
      const generic = apply(submittedWith('c1'), { type: 'receipt', receipt: receipt('c1', 'failed') });
      expect(generic.state).to.include({ status: 'failed', errorCode: 'unknown_error' });
    });

    it('rejects before sending, with failed_at set', () => {
      const rejected = apply(queuedDelivery(), { type: 'rejected', errorCode: 'opted_out', at: at(0) });
      expect(rejected.state).to.deep.include({ status: 'rejected', errorCode: 'opted_out', failedAt: at(0) });
    });

    it('fails a queued message that cannot be sent, and a submitted one that got no final receipt in time', () => {
      expect(apply(queuedDelivery(), { type: 'failed', errorCode: 'no_route', at: at(3) }).state).to.deep.include({ status: 'failed', failedAt: at(3) });
      expect(apply(submittedWith('c1'), { type: 'failed', errorCode: 'expired', at: at(9) }).state).to.include({ status: 'failed', errorCode: 'expired' });
    });
  });

  describe('retries', () => {
    it('a retryable refusal puts the message back in the queue, counts the retry and keeps the reason', () => {
      const retrying = apply(sent(), { type: 'retry_scheduled', errorCode: 'throttled', at: at(2) });
      expect(retrying.state).to.include({ status: 'queued', retryCount: 1, errorCode: 'throttled' });

      const second = applyDeliveryEvents(retrying.state, [
        { type: 'dispatched', at: at(40) },
        { type: 'retry_scheduled', errorCode: 'network_timeout', at: at(41) },
        { type: 'dispatched', at: at(200) },
        { type: 'carrier_accepted', carrierMessageIds: ['c9'], at: at(201) },
      ])._unsafeUnwrap();
      expect(second).to.deep.include({ status: 'submitted', retryCount: 2, errorCode: null, sentAt: at(200) });
    });

    it('retries only from sent', () => {
      expect(refusal(queuedDelivery(), { type: 'retry_scheduled', errorCode: 'throttled', at: at(1) })).to.include({
        type: 'illegal_status_transition',
        from: 'queued',
        event: 'retry_scheduled',
      });
      expect(refusal(submittedWith('c1'), { type: 'retry_scheduled', errorCode: 'throttled', at: at(1) }).from).to.equal('submitted');
    });
  });

  describe('multipart messages', () => {
    it('is delivered when every part is, at the time of the last part receipt', () => {
      const events: DeliveryEvent[] = [
        { type: 'receipt', receipt: receipt('p2', 'delivered', { receivedAt: at(50) }) },
        { type: 'receipt', receipt: receipt('p1', 'enroute', { receivedAt: at(55) }) },
        { type: 'receipt', receipt: receipt('p3', 'delivered', { receivedAt: at(40) }) },
      ];
      const pending = applyDeliveryEvents(submittedWith('p1', 'p2', 'p3'), events)._unsafeUnwrap();
      expect(pending.status).to.equal('submitted');
      expect(pending.partOutcomes.map((p) => p.carrierMessageId)).to.deep.equal(['p2', 'p3']);

      const done = apply(pending, { type: 'receipt', receipt: receipt('p1', 'delivered', { receivedAt: at(45) }) });
      expect(done.state).to.deep.include({ status: 'delivered', deliveredAt: at(50) });
    });

    it('fails as soon as one part fails; later receipts of other parts change nothing', () => {
      const failed = applyDeliveryEvents(submittedWith('p1', 'p2'), [
        { type: 'receipt', receipt: receipt('p1', 'delivered', { receivedAt: at(10) }) },
        { type: 'receipt', receipt: receipt('p2', 'expired', { receivedAt: at(20) }) },
      ])._unsafeUnwrap();
      expect(failed).to.deep.include({ status: 'failed', errorCode: 'expired', failedAt: at(20), deliveredAt: null });

      const early = apply(submittedWith('p1', 'p2'), { type: 'receipt', receipt: receipt('p2', 'undeliverable', { errorCode: 'handset_error' }) });
      const late = apply(early.state, { type: 'receipt', receipt: receipt('p1', 'delivered') });
      expect(late).to.deep.include({ changed: false, ignored: 'final' });
      expect(late.state.status).to.equal('failed');
    });
  });

  describe('receipts out of order or repeated', () => {
    it('ignores a repeat, an intermediate receipt, a part the message does not have and a receipt for a final message', () => {
      const once = apply(submittedWith('p1', 'p2'), { type: 'receipt', receipt: receipt('p1', 'delivered') });
      expect(apply(once.state, { type: 'receipt', receipt: receipt('p1', 'delivered') })).to.deep.include({ changed: false, ignored: 'duplicate' });
      expect(apply(once.state, { type: 'receipt', receipt: receipt('p1', 'undeliverable') })).to.deep.include({ changed: false, ignored: 'duplicate' });
      expect(apply(once.state, { type: 'receipt', receipt: receipt('p2', 'accepted') })).to.deep.include({ changed: false, ignored: 'intermediate' });
      expect(apply(once.state, { type: 'receipt', receipt: receipt('zz', 'expired') })).to.deep.include({ changed: false, ignored: 'unknown_part' });

      const delivered = apply(submittedWith('c1'), { type: 'receipt', receipt: receipt('c1', 'delivered') }).state;
      const late = apply(delivered, { type: 'receipt', receipt: receipt('c1', 'expired') });
      expect(late).to.deep.include({ changed: false, ignored: 'final' });
      expect(late.state).to.equal(delivered);
    });

    it('ignores a receipt for a message not submitted yet (a stale attempt)', () => {
      expect(apply(queuedDelivery(), { type: 'receipt', receipt: receipt('c1', 'delivered') })).to.deep.include({ changed: false, ignored: 'not_submitted' });
    });

    it('takes a receipt that beats the acceptance (matched by our message id) and settles at acceptance', () => {
      const early = apply(sent(), { type: 'receipt', receipt: receipt('p2', 'delivered', { receivedAt: at(5) }) });
      expect(early).to.deep.include({ changed: true });
      expect(early.state.status).to.equal('sent');
      const partial = apply(early.state, { type: 'carrier_accepted', carrierMessageIds: ['p1', 'p2'], at: at(6) });
      expect(partial.state.status).to.equal('submitted');
      const done = apply(partial.state, { type: 'receipt', receipt: receipt('p1', 'delivered', { receivedAt: at(7) }) });
      expect(done.state).to.deep.include({ status: 'delivered', deliveredAt: at(7) });

      const single = applyDeliveryEvents(sent(), [
        { type: 'receipt', receipt: receipt('c1', 'delivered', { receivedAt: at(5) }) },
        { type: 'carrier_accepted', carrierMessageIds: ['c1'], at: at(6) },
      ])._unsafeUnwrap();
      expect(single).to.deep.include({ status: 'delivered', deliveredAt: at(5), submittedAt: at(6) });
    });

    it('an early failure fails the message at once; the acceptance that follows only records the ids', () => {
      const failed = apply(sent(), { type: 'receipt', receipt: receipt('c1', 'rejected', { errorCode: 'blocked_content', receivedAt: at(5) }) });
      expect(failed.state).to.deep.include({ status: 'failed', errorCode: 'blocked_content', failedAt: at(5) });
      const accepted = apply(failed.state, { type: 'carrier_accepted', carrierMessageIds: ['c1'], at: at(6) });
      expect(accepted.changed).to.equal(true);
      expect(accepted.state).to.deep.include({ status: 'failed', carrierMessageIds: ['c1'], errorCode: 'blocked_content' });
    });
  });

  describe('refusals and repeats of our own events', () => {
    it('never lets an earlier status overwrite a final one', () => {
      const delivered = apply(submittedWith('c1'), { type: 'receipt', receipt: receipt('c1', 'delivered') }).state;
      for (const event of [
        { type: 'dispatched', at: at(1) },
        { type: 'failed', errorCode: 'expired', at: at(1) },
        { type: 'rejected', errorCode: 'opted_out', at: at(1) },
        { type: 'retry_scheduled', errorCode: 'throttled', at: at(1) },
      ] as const) {
        expect(refusal(delivered, event), event.type).to.include({ type: 'illegal_status_transition', from: 'delivered', event: event.type });
      }
      const rejected = apply(queuedDelivery(), { type: 'rejected', errorCode: 'opted_out', at: at(0) }).state;
      expect(refusal(rejected, { type: 'dispatched', at: at(1) }).from).to.equal('rejected');
      expect(refusal(rejected, { type: 'failed', errorCode: 'no_route', at: at(1) }).from).to.equal('rejected');
    });

    it('refuses a second dispatch, a rejection after sending and an acceptance before dispatch', () => {
      expect(refusal(sent(), { type: 'dispatched', at: at(2) }).message).to.match(/sent message cannot take the event dispatched/);
      expect(refusal(sent(), { type: 'rejected', errorCode: 'opted_out', at: at(2) }).event).to.equal('rejected');
      expect(refusal(queuedDelivery(), { type: 'carrier_accepted', carrierMessageIds: ['c1'], at: at(2) }).from).to.equal('queued');
    });

    it('refuses acceptances without ids, with repeated ids, or with other ids than recorded', () => {
      expect(refusal(sent(), { type: 'carrier_accepted', carrierMessageIds: [], at: at(2) }).message).to.match(/one distinct, non-empty id/);
      expect(refusal(sent(), { type: 'carrier_accepted', carrierMessageIds: ['a', 'a'], at: at(2) }).event).to.equal('carrier_accepted');
      expect(refusal(submittedWith('c1'), { type: 'carrier_accepted', carrierMessageIds: ['c2'], at: at(3) }).message).to.match(/already recorded/);
    });

    it('ignores a repeat with the same data (at-least-once jobs)', () => {
      const submitted = submittedWith('c1', 'c2');
      expect(apply(submitted, { type: 'carrier_accepted', carrierMessageIds: ['c1', 'c2'], at: at(9) })).to.deep.include({ changed: false, ignored: 'duplicate' });
      const failed = apply(submitted, { type: 'failed', errorCode: 'expired', at: at(9) }).state;
      expect(apply(failed, { type: 'failed', errorCode: 'expired', at: at(10) })).to.deep.include({ changed: false, ignored: 'duplicate' });
      expect(refusal(failed, { type: 'failed', errorCode: 'no_route', at: at(10) }).from).to.equal('failed');
      const rejected = apply(queuedDelivery(), { type: 'rejected', errorCode: 'opted_out', at: at(0) }).state;
      expect(apply(rejected, { type: 'rejected', errorCode: 'opted_out', at: at(1) })).to.deep.include({ changed: false, ignored: 'duplicate' });
    });

    it('applyDeliveryEvents stops at the first refusal', () => {
      const result = applyDeliveryEvents(queuedDelivery(), [
        { type: 'dispatched', at: at(1) },
        { type: 'dispatched', at: at(2) },
      ]);
      expect(result._unsafeUnwrapErr()).to.include({ from: 'sent', event: 'dispatched' });
    });
  });
});
