import { expect } from 'chai';
import { Slots, type Release } from '../src/index.ts';

describe('Slots', () => {
  it('lets `size` callers in, queues the rest in order and refuses beyond maxWaiting', async () => {
    const slots = new Slots(2, 2);
    const first = await slots.tryAcquire()!;
    await slots.tryAcquire()!;
    expect(slots.outstanding).to.equal(2);

    const order: string[] = [];
    const third = slots.tryAcquire()!.then((release) => (order.push('third'), release));
    const fourth = slots.tryAcquire()!.then((release) => (order.push('fourth'), release));
    expect(slots.waiting).to.equal(2);
    expect(slots.tryAcquire(), 'beyond maxWaiting').to.equal(undefined);

    first();
    first(); // a second release of the same slot frees nothing more
    const releaseThird: Release = await third;
    expect(order).to.deep.equal(['third']);
    expect(slots.outstanding).to.equal(2);
    releaseThird();
    (await fourth)();
    expect(order).to.deep.equal(['third', 'fourth']);
    expect(slots).to.include({ outstanding: 1, waiting: 0 });
  });

  it('makes `acquire` callers wait in order with no bound on waiting', async () => {
    const slots = new Slots(1);
    const first = await slots.acquire();
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => slots.acquire().then((release) => (order.push(n), release())));
    expect(slots.waiting).to.equal(3);
    first();
    await Promise.all(waiting);
    expect(order).to.deep.equal([1, 2, 3]);
    expect(slots).to.include({ outstanding: 0, waiting: 0 });
  });

  it('refuses impossible sizes', () => {
    expect(() => new Slots(0, 1)).to.throw(RangeError);
    expect(() => new Slots(1, -1)).to.throw(RangeError);
  });
});
