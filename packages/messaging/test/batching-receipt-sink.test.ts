import { expect } from 'chai';
import { BatchingReceiptSink, type DeliveryReceipt, type ReceiptApplication } from '../src/index.ts';

const receipt = (id: string): DeliveryReceipt => ({
  carrier: 'carrier',
  carrierMessageId: id,
  messageId: null,
  partIndex: null,
  state: 'delivered',
  errorCode: null,
  carrierErrorCode: null,
  submittedAt: null,
  doneAt: null,
  receivedAt: new Date('2026-11-21T09:00:00Z'),
});

describe('BatchingReceiptSink', () => {
  it('applies receipts that arrive together in one batch, and resolves each once applied', async () => {
    const batches: string[][] = [];
    const sink = new BatchingReceiptSink(async (receipts) => {
      batches.push(receipts.map((r) => r.carrierMessageId));
      return receipts.map((): ReceiptApplication => 'applied');
    });
    await Promise.all(['a', 'b', 'c'].map((id) => sink.receive(receipt(id))));
    expect(batches).to.deep.equal([['a', 'b', 'c']]);
  });

  it('flushes at maxBatch without waiting', async () => {
    const batches: number[] = [];
    const sink = new BatchingReceiptSink(
      async (receipts) => {
        batches.push(receipts.length);
        return receipts.map((): ReceiptApplication => 'applied');
      },
      { maxBatch: 2, maxWaitMs: 10_000 },
    );
    await Promise.all(['a', 'b', 'c', 'd'].map((id) => sink.receive(receipt(id))));
    expect(batches).to.deep.equal([2, 2]);
  });

  it('rejects the receipts of unknown messages and every receipt of a failed batch, so the gateway redelivers them', async () => {
    let fail = false;
    const sink = new BatchingReceiptSink(async (receipts) => {
      if (fail) throw new Error('database down');
      return receipts.map((r): ReceiptApplication => (r.carrierMessageId === 'ghost' ? 'unknown_message' : 'applied'));
    });
    const outcomes = await Promise.allSettled([sink.receive(receipt('a')), sink.receive(receipt('ghost'))]);
    expect(outcomes.map((o) => o.status)).to.deep.equal(['fulfilled', 'rejected']);
    fail = true;
    const failed = await Promise.allSettled([sink.receive(receipt('b'))]);
    expect(failed[0]).to.deep.include({ status: 'rejected' });
    expect(String((failed[0] as PromiseRejectedResult).reason)).to.match(/database down/);
  });
});
