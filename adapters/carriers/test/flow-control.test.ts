import { expect } from 'chai';
import { ThroughputLimiter, type LimiterTime } from '../src/index.ts';

/** Time that only moves when a caller sleeps: sleeps are recorded and complete at once. */
function steppedTime(): LimiterTime & { readonly sleeps: number[] } {
  let now = 1_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

describe('flow control', () => {
  describe('ThroughputLimiter', () => {
    it('spaces callers 1000/perSecond ms apart, in call order', async () => {
      const time = steppedTime();
      const limiter = new ThroughputLimiter(4, time);
      const grants: number[] = [];
      for (let i = 0; i < 5; i++) {
        await limiter.acquire();
        grants.push(time.now());
      }
      expect(grants).to.deep.equal([1_000, 1_250, 1_500, 1_750, 2_000]);
    });

    it('does not save up unused time for a burst', async () => {
      const time = steppedTime();
      const limiter = new ThroughputLimiter(10, time);
      await limiter.acquire();
      await time.sleep(5_000);
      await limiter.acquire();
      await limiter.acquire();
      expect(time.sleeps).to.deep.equal([5_000, 100]);
    });

    it('0 means no limit; a negative rate is refused', async () => {
      const time = steppedTime();
      const limiter = new ThroughputLimiter(0, time);
      await Promise.all(Array.from({ length: 100 }, () => limiter.acquire()));
      expect(time.sleeps).to.deep.equal([]);
      expect(() => new ThroughputLimiter(-1)).to.throw(RangeError);
    });
  });
});
