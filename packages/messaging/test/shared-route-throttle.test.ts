import { expect } from 'chai';
import { SharedRouteThrottle } from '../src/index.ts';
import { InMemoryThroughputLeases } from '../src/testing/index.ts';

/** A clock moved only by the throttles' sleeps. */
function fakeTime() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += ms), advance: (ms: number) => void (now += ms) };
}

describe('SharedRouteThrottle', () => {
  it('holds the rate for the whole fleet: three processes on one shared bucket take 50 a second together, not each', async () => {
    const time = fakeTime();
    const leases = new InMemoryThroughputLeases(time.now);
    const fleet = Array.from({ length: 3 }, () => new SharedRouteThrottle(leases, { ratePerSecond: () => 50, now: time.now, sleep: time.sleep }));
    const taken: number[] = [];
    // Round-robin across the processes for 400 acquisitions; the shared clock only moves when one waits.
    for (let i = 0; i < 400; i++) {
      await fleet[i % 3]!.acquire('SVC_KE');
      taken.push(time.now());
    }
    const seconds = (taken.at(-1)! - taken[0]!) / 1000;
    // One second's worth may go at once (the bucket starts full), then 50 a second.
    expect((400 - 50) / seconds).to.be.at.most(50.5);
    // After the first second (the full bucket's burst), any one-second window holds the rate.
    for (let start = 1000; start <= taken.at(-1)! - 1000; start += 250) {
      expect(taken.filter((t) => t >= start && t < start + 1000).length, `window at ${start} ms`).to.be.at.most(50 + 5);
    }
  });

  it('lets leased tokens lapse, so an idle process cannot save them up for a burst', async () => {
    const time = fakeTime();
    const leases = new InMemoryThroughputLeases(time.now);
    const throttle = new SharedRouteThrottle(leases, { ratePerSecond: () => 100, now: time.now, sleep: time.sleep });
    await throttle.acquire('SVC_NG'); // leases 10, uses 1
    time.advance(5_000);
    const other = new SharedRouteThrottle(leases, { ratePerSecond: () => 100, now: time.now, sleep: time.sleep });
    for (let i = 0; i < 100; i++) await other.acquire('SVC_NG'); // the full bucket, at once
    const started = time.now();
    await throttle.acquire('SVC_NG');
    expect(time.now() - started, 'its 9 leased tokens lapsed: it waits for the bucket').to.be.greaterThan(0);
  });

  it('refuses a route without a positive rate', () => {
    const throttle = new SharedRouteThrottle(new InMemoryThroughputLeases(), { ratePerSecond: () => 0 });
    expect(() => throttle.acquire('SVC_KE')).to.throw(RangeError);
  });
});
