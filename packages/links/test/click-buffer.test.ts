import { expect } from 'chai';
import { ClickBuffer, type Click, type ClickStore, type RawClick } from '../src/index.ts';

const click = (n: number): RawClick => ({ linkId: `lnk_${n}`, at: new Date(0), address: '203.0.113.9', userAgent: 'Mozilla/5.0', referer: undefined });
/** A stand-in classification: only the link and time matter to the buffer. */
const classify = (raw: RawClick): Click => ({ linkId: raw.linkId, at: raw.at, country: null, device: null, browser: null, referrer: 'direct', bot: false, visitor: 'v' });

/** A store that records each batch, and fails while told to. */
class RecordingStore implements ClickStore {
  readonly batches: Click[][] = [];
  failing = false;
  failure = new Error('database down');

  async append(clicks: readonly Click[]): Promise<void> {
    if (this.failing) throw this.failure;
    this.batches.push([...clicks]);
  }
}

describe('links: the click buffer', () => {
  it('writes nothing on the request path, then everything waiting in one batch per flush, classified', async () => {
    const store = new RecordingStore();
    const buffer = new ClickBuffer(store, classify, { flushAt: 100, maxPending: 1000, maxAttempts: 5, onError: () => {} });
    for (let i = 0; i < 3; i++) buffer.record(click(i));
    expect([store.batches.length, buffer.waiting]).to.deep.equal([0, 3]);
    await buffer.flush();
    expect(store.batches.map((batch) => batch.length)).to.deep.equal([3]);
    expect(store.batches[0]![0], 'kept as classified, without the address').to.deep.equal(classify(click(0)));
    await buffer.flush();
    expect(store.batches, 'an empty flush writes nothing').to.have.length(1);
  });

  it('flushes by itself once flushAt clicks wait', async () => {
    const store = new RecordingStore();
    const buffer = new ClickBuffer(store, classify, { flushAt: 2, maxPending: 1000, maxAttempts: 5, onError: () => {} });
    buffer.record(click(1));
    buffer.record(click(2));
    await buffer.flush();
    expect(store.batches.map((batch) => batch.map((c) => c.linkId))).to.deep.equal([['lnk_1', 'lnk_2']]);
  });

  it('keeps the clicks of a failed flush for the next one, in order, and drops (counting) past maxPending', async () => {
    const store = new RecordingStore();
    const errors: unknown[] = [];
    const buffer = new ClickBuffer(store, classify, { flushAt: 100, maxPending: 3, maxAttempts: 5, onError: (error) => errors.push(error) });
    buffer.record(click(1));
    buffer.record(click(2));
    store.failing = true;
    await buffer.flush();
    expect([errors.length, buffer.waiting]).to.deep.equal([1, 2]);
    buffer.record(click(3));
    buffer.record(click(4));
    expect([buffer.waiting, buffer.dropped]).to.deep.equal([3, 1]);
    store.failing = false;
    await buffer.flush();
    expect(store.batches.map((batch) => batch.map((c) => c.linkId))).to.deep.equal([['lnk_1', 'lnk_2', 'lnk_3']]);
  });

  it('drops a batch the store refuses maxAttempts times, and a click that cannot be classified, without holding up the others', async () => {
    const store = new RecordingStore();
    const errors: unknown[] = [];
    const fussy = (raw: RawClick): Click => {
      if (raw.linkId === 'lnk_bad') throw new Error('unclassifiable');
      return classify(raw);
    };
    const buffer = new ClickBuffer(store, fussy, { flushAt: 100, maxPending: 1000, maxAttempts: 2, onError: (error) => errors.push(error) });
    buffer.record(click(1));
    store.failing = true;
    await buffer.flush();
    await buffer.flush();
    expect([buffer.waiting, buffer.dropped], 'gone after its second failure').to.deep.equal([0, 1]);
    store.failing = false;
    buffer.record({ ...click(2), linkId: 'lnk_bad' });
    buffer.record(click(3));
    await buffer.flush();
    expect(store.batches.map((batch) => batch.map((c) => c.linkId))).to.deep.equal([['lnk_3']]);
    expect([buffer.dropped, errors.length]).to.deep.equal([2, 3]);
  });

  it('keeps the clicks of flushes that failed transiently (the store unreachable) past maxAttempts, and writes them once it answers', async () => {
    const store = new RecordingStore();
    const outage = new Error('connect ECONNREFUSED');
    const buffer = new ClickBuffer(store, classify, { flushAt: 100, maxPending: 1000, maxAttempts: 2, onError: () => {}, transient: (error) => error === outage });
    buffer.record(click(1));
    store.failing = true;
    store.failure = outage;
    for (let i = 0; i < 5; i++) await buffer.flush();
    expect([buffer.waiting, buffer.dropped], 'kept through five transient failures').to.deep.equal([1, 0]);
    store.failing = false;
    await buffer.flush();
    expect(store.batches.map((batch) => batch.map((c) => c.linkId))).to.deep.equal([['lnk_1']]);
  });
});
