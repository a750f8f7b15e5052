import { expect } from 'chai';
import fc from 'fast-check';
import { RateLimitPolicy } from '@tuma/rate-limits';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FlexibleRateLimiter } from '../src/flexible-rate-limiter.ts';
import { LeasedCounter } from '../src/leased-counter.ts';

const policy = (perSecond: number, burst: number) => RateLimitPolicy.create({ perSecond, burst })._unsafeUnwrap();
let run = 0;

describe('LeasedCounter: a shared fixed-window counter taken from in reservations', () => {
  it('never admits more than the window allows, and wastes at most lease - 1 points per process (any interleaving)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 15 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 200 }),
        async (points, lease, order) => {
          // One store (the database) shared by four processes, each with its own reservations.
          const store = new RateLimiterMemory({ keyPrefix: `prop-${run++}`, points: Number.MAX_SAFE_INTEGER, duration: 60 });
          const processes = Array.from({ length: 4 }, () => new LeasedCounter(store, () => lease));
          let admitted = 0;
          for (const index of order) if ((await processes[index]!.take('subject', points)).allowed) admitted++;
          expect(admitted).to.be.at.most(points);
          const serving = new Set(order).size;
          if (order.length >= points + serving * lease) expect(admitted).to.be.at.least(points - serving * (Math.min(lease, points) - 1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('asks the store once per reservation, not once per request', async () => {
    const store = new RateLimiterMemory({ keyPrefix: `calls-${run++}`, points: Number.MAX_SAFE_INTEGER, duration: 60 });
    let calls = 0;
    const counting = Object.assign(Object.create(store) as RateLimiterMemory, {
      consume: (key: string, points?: number) => {
        calls++;
        return store.consume(key, points);
      },
    });
    const counter = new LeasedCounter(counting, () => 10);
    const takes = await Promise.all(Array.from({ length: 100 }, () => counter.take('subject', 1000)));
    expect(takes.every((take) => take.allowed)).to.equal(true);
    expect(calls).to.equal(10);
  });
});

describe('FlexibleRateLimiter in memory', () => {
  it('admits the window, then the burst allowance, then refuses until the window ends', async () => {
    const limiter = FlexibleRateLimiter.inMemory();
    const decisions = [];
    for (let i = 0; i < 7; i++) decisions.push(await limiter.take('key:a', policy(3, 5)));
    expect(decisions.map((d) => d.allowed)).to.deep.equal([true, true, true, true, true, false, false]);
    expect(decisions.map((d) => d.remaining)).to.deep.equal([2, 1, 0, 0, 0, 0, 0]);
    expect(decisions.every((d) => d.limit === 3 && d.resetSeconds === 1)).to.equal(true);
    expect((await limiter.take('key:b', policy(3, 5))).allowed, 'subjects are counted apart').to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    const next = [];
    for (let i = 0; i < 4; i++) next.push((await limiter.take('key:a', policy(3, 5))).allowed);
    expect(next, 'a new window; the allowance refills only every 10 s').to.deep.equal([true, true, true, false]);
  });
});
