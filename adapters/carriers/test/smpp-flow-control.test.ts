import { expect } from 'chai';
import { smppFixture, submission, type SmppFixture } from './support/smpp-fixture.ts';

const destinations = (count: number): string[] => Array.from({ length: count }, (_, i) => `+2547000${String(i).padStart(5, '0')}`);

describe('SmppCarrierGateway: window and throughput', () => {
  let f: SmppFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('never has more submit_sm outstanding than the window', async () => {
    f = await smppFixture({ responseDelayMs: 50 }, { windowSize: 3 });
    await f.gateway.start();
    const submitting = Promise.all(destinations(12).map((to) => f!.gateway.submit(submission('Hi', to))));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(f.gateway.load).to.deep.equal({ outstanding: 3, waiting: 9 });
    const results = await submitting;
    expect(results.every((r) => r.isOk())).to.equal(true);
    expect(f.smsc.maxOutstanding).to.equal(3);
    expect(f.gateway.load).to.deep.equal({ outstanding: 0, waiting: 0 });
  });

  it('keeps to the throughput limit: evenly spaced, never more than the limit in any second', async () => {
    const perSecond = 20;
    f = await smppFixture({}, { throughputPerSecond: perSecond, windowSize: 10 });
    await f.gateway.start();
    const started = performance.now();
    const results = await Promise.all(destinations(30).map((to) => f!.gateway.submit(submission('Hi', to))));
    const elapsed = performance.now() - started;
    expect(results.every((r) => r.isOk())).to.equal(true);

    const arrivals = f.smsc.submits.map((s) => s.at);
    // 30 messages at 20/s: 29 gaps of 50 ms.
    expect(elapsed).to.be.at.least(29 * 50);
    const inAnySecond = Math.max(...arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 1000).length));
    expect(inAnySecond).to.be.at.most(perSecond);
    const gaps = arrivals.slice(1).map((t, i) => t - arrivals[i]!);
    expect(gaps.reduce((a, b) => a + b, 0) / gaps.length).to.be.closeTo(50, 10);
  });
});
