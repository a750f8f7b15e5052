import { expect } from 'chai';
import { SharedRouteThrottle } from '../src/index.ts';
import { InMemoryThroughputLeases } from '../src/testing/index.ts';

/** A clock that only moves when the throttle sleeps. */
function fakeTime() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
    elapsed: () => now,
  };
}

describe('SharedRouteThrottle on one process', () => {
  it('lets one second of a route through at once, then paces it at its rate, in order', async () => {
    const time = fakeTime();
    const throttle = new SharedRouteThrottle(new InMemoryThroughputLeases(time.now), { ratePerSecond: () => 10, now: time.now, sleep: time.sleep });
    const order: number[] = [];
    await Promise.all(Array.from({ length: 30 }, (_, i) => throttle.acquire('SVC_KE').then(() => order.push(i))));
    expect(order).to.deep.equal(Array.from({ length: 30 }, (_, i) => i));
    // 10 at once, 20 more at 10 per second.
    expect(time.elapsed()).to.be.within(1_990, 2_010);
  });

  it('keeps one bucket per route, each at its own rate', async () => {
    const time = fakeTime();
    const throttle = new SharedRouteThrottle(new InMemoryThroughputLeases(time.now), { ratePerSecond: (code) => (code === 'SVC_NG' ? 2 : 100), now: time.now, sleep: time.sleep });
    for (let i = 0; i < 50; i++) await throttle.acquire('SVC_KE');
    expect(time.elapsed()).to.equal(0);
    for (let i = 0; i < 4; i++) await throttle.acquire('SVC_NG');
    expect(time.elapsed()).to.be.within(990, 1_010);
  });

});
