import { expect } from 'chai';
import { RecordingDeliveryReceiptSink } from '../src/testing/index.ts';
import { receipt } from './support/delivery-builders.ts';

describe('RecordingDeliveryReceiptSink', () => {
  it('keeps receipts in arrival order and wakes whoever waits for a count', async () => {
    const sink = new RecordingDeliveryReceiptSink();
    const waiting = sink.waitFor(2);
    await sink.receive(receipt('a', 'delivered'));
    await sink.receive(receipt('b', 'expired'));
    expect((await waiting).map((r) => r.carrierMessageId)).to.deep.equal(['a', 'b']);
    expect((await sink.waitFor(1)).map((r) => r.carrierMessageId)).to.deep.equal(['a', 'b']);
  });

  it('rejects a wait that times out, and can be made to fail', async () => {
    const sink = new RecordingDeliveryReceiptSink();
    let timeout: unknown;
    await sink.waitFor(1, 10).catch((error: unknown) => (timeout = error));
    expect(String(timeout)).to.match(/Expected 1 receipts within 10 ms, got 0/);

    sink.failWith(new Error('down'));
    let refusal: unknown;
    await sink.receive(receipt('a', 'delivered')).catch((error: unknown) => (refusal = error));
    expect(String(refusal)).to.equal('Error: down');
    expect(sink.receipts).to.deep.equal([]);
  });
});
