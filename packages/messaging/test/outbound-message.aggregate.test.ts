import { expect } from 'chai';
import { DEFAULT_RETRY_POLICY, OutboundMessage, type RetryPolicy } from '../src/index.ts';
import { outboundMessageFixture } from '../src/testing/contracts.ts';
import { at, receipt } from './support/delivery-builders.ts';

const queued = (): OutboundMessage => outboundMessageFixture('acc_1', { createdAt: at(0) });
const NO_RETRIES: RetryPolicy = { maxRetries: 0, delaysMs: [] };

describe('OutboundMessage (the aggregate)', () => {
  it('create: a queued message with no gateway, its id minted from its creation time, every given field kept', () => {
    const { id: _id, carrier: _carrier, delivery: _delivery, ...fields } = queued();
    const created = OutboundMessage.create(fields);
    expect(created.id).to.match(/^msg_[0-9A-Z]{26}$/);
    expect(created.id.slice(4, 14), 'the ULID time part').to.equal(queued().id.slice(4, 14));
    expect(created).to.deep.include({ ...fields, carrier: null });
    expect(created.delivery).to.include({ status: 'queued', retryCount: 0, errorCode: null, sentAt: null });
  });

  it('rehydrate keeps the stored shape field for field', () => {
    const stored = { ...queued() };
    expect({ ...OutboundMessage.rehydrate(stored) }).to.deep.equal(stored);
  });

  it('queued -> sent -> submitted -> delivered: each move a new message, the one before unchanged', () => {
    const message = queued();
    const sent = message.dispatch('simulator', at(1))._unsafeUnwrap();
    expect(sent).to.deep.include({ carrier: 'simulator' });
    expect(sent.delivery).to.deep.include({ status: 'sent', sentAt: at(1) });
    expect(message.delivery.status, 'immutable').to.equal('queued');
    const submitted = sent.accept(['c-1'], at(2))._unsafeUnwrap();
    expect(submitted.changed).to.equal(true);
    expect(submitted.message.delivery).to.deep.include({ status: 'submitted', submittedAt: at(2) });
    const delivered = submitted.message.applyReceipt(receipt('c-1', 'delivered'));
    expect(delivered.changed).to.equal(true);
    expect(delivered.message.delivery.status).to.equal('delivered');
    expect(delivered.message.refundsItsCost()).to.equal(false);
  });

  it('a repeat or a receipt that settles nothing changes nothing and gives the same message', () => {
    const submitted = queued().dispatch('simulator', at(1))._unsafeUnwrap().accept(['c-1'], at(2))._unsafeUnwrap().message;
    const again = submitted.accept(['c-1'], at(3))._unsafeUnwrap();
    expect(again).to.deep.equal({ message: submitted, changed: false });
    expect(submitted.applyReceipt(receipt('c-1', 'enroute')).message).to.equal(submitted);
  });

  it('refuses our own events where the table refuses them', () => {
    const message = queued();
    expect(message.accept(['c-1'], at(1))._unsafeUnwrapErr()).to.include({ type: 'illegal_status_transition', from: 'queued', event: 'carrier_accepted' });
    const rejected = message.reject('cancelled', at(1))._unsafeUnwrap();
    expect(rejected.dispatch('simulator', at(2))._unsafeUnwrapErr()).to.include({ from: 'rejected', event: 'dispatched' });
    expect(rejected.fail('no_route', at(2)).isErr()).to.equal(true);
  });

  it('afterRefusal: queued again for a retryable refusal with retries left, failed (and refundable) otherwise; only a sent message is refused by a carrier', () => {
    const sent = queued().dispatch('simulator', at(1))._unsafeUnwrap();
    const retried = sent.afterRefusal({ errorCode: 'throttled', retryable: true }, at(2), DEFAULT_RETRY_POLICY)._unsafeUnwrap();
    expect(retried).to.deep.include({ retry: true, delayMs: DEFAULT_RETRY_POLICY.delaysMs[0] });
    expect(retried.message.delivery).to.include({ status: 'queued', retryCount: 1, errorCode: 'throttled' });
    const failed = sent.afterRefusal({ errorCode: 'throttled', retryable: true }, at(2), NO_RETRIES)._unsafeUnwrap();
    expect(failed.retry).to.equal(false);
    expect(failed.message.delivery).to.deep.include({ status: 'failed', errorCode: 'throttled', failedAt: at(2) });
    expect(failed.message.isRefundable()).to.equal(true);
    expect(queued().afterRefusal({ errorCode: 'throttled', retryable: true }, at(2), DEFAULT_RETRY_POLICY)._unsafeUnwrapErr()).to.include({ from: 'queued', event: 'retry_scheduled' });
  });

  it('charged records its ledger entry; optOut rejects it at its creation with nothing to pay', () => {
    const { chargeEntryId: _entry, ...fields } = queued();
    const message = OutboundMessage.rehydrate({ ...fields, chargeEntryId: null });
    expect(message.charged('txn_9').chargeEntryId).to.equal('txn_9');
    const optedOut = message.optOut()._unsafeUnwrap();
    expect(optedOut.delivery).to.deep.include({ status: 'rejected', errorCode: 'opted_out', failedAt: message.createdAt });
    expect(optedOut.cost.isZero()).to.equal(true);
    expect(optedOut.cost.currency).to.equal(message.cost.currency);
    expect(optedOut.isRefundable(), 'nothing was charged').to.equal(false);
  });
});
