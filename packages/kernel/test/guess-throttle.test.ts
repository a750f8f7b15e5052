import { expect } from 'chai';
import fc from 'fast-check';
import { delayAfter, GUESS_THROTTLE, GuessThrottle, waitBeforeAttempt, type ThrottleRule } from '../src/index.ts';
import { FakeClock, InMemoryFailureLog } from '../src/testing/index.ts';

const NOW = new Date('2026-06-01T09:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const times = (count: number, everyMs = 1000) => Array.from({ length: count }, (_, i) => ago(i * everyMs));
const rule = fc.record({ windowMs: fc.constant(3_600_000), free: fc.integer({ min: 0, max: 200 }), firstDelayMs: fc.integer({ min: 1, max: 10_000 }), maxDelayMs: fc.integer({ min: 10_000, max: 3_600_000 }) });

describe('kernel: the guess throttle', () => {
  it('asks nothing within the allowance, then doubles from the first delay, never past the cap', () => {
    const pair = GUESS_THROTTLE.pair;
    expect([4, 5, 6, 7, 14, 15, 100].map((failures) => delayAfter(pair, failures) / 1000)).to.deep.equal([0, 1, 2, 4, 512, 900, 900]);
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: 400 }), (r: ThrottleRule, failures) => {
        const delay = delayAfter(r, failures);
        expect(delay, 'never decreases with a failure more').to.be.at.most(delayAfter(r, failures + 1));
        expect(delay, 'never past the cap').to.be.at.most(r.maxDelayMs);
      }),
    );
  });

  it('never holds back a pair that has not failed on account of its subject, however often the subject failed elsewhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 99 }), (subjectFailures, addressFailures) => {
        const failures = { pair: [], subject: times(subjectFailures), address: times(addressFailures) };
        expect(waitBeforeAttempt(GUESS_THROTTLE, failures, NOW)).to.equal(0);
      }),
    );
    const failedHere = { pair: [ago(1000)], subject: times(60), address: [ago(1000)] };
    expect(waitBeforeAttempt(GUESS_THROTTLE, failedHere, NOW), "a pair that failed waits the subject's delay from its own failure").to.equal(900_000 - 1000);
  });

  it("counts failures within each rule's window only: an address's hour, a pair's day", () => {
    expect(waitBeforeAttempt(GUESS_THROTTLE, { pair: [], subject: [], address: times(100, 30_000) }, NOW), '100 in the hour').to.equal(1000);
    expect(waitBeforeAttempt(GUESS_THROTTLE, { pair: [], subject: [], address: times(100, 37_000) }, NOW), 'some past the hour').to.equal(0);
    expect(waitBeforeAttempt(GUESS_THROTTLE, { pair: times(5, 3_600_000), subject: [], address: [] }, NOW), '5 in the day').to.be.greaterThan(0);
  });

  it('counts an attempt before its check, so a guess sent meanwhile sees it; a success forgets the pair, a withdrawn attempt counts for nothing', async () => {
    const clock = new FakeClock(NOW);
    const log = new InMemoryFailureLog();
    const throttle = new GuessThrottle('test', log, clock);
    const keys = ['test:pair:192.0.2.1|s', 'test:subject:s', 'test:ip:192.0.2.1'];
    const counts = async () => (await log.recent(keys, new Date(0), 100)).map((list) => list.length);
    for (let i = 0; i < 4; i++) (await throttle.attempt('s', '192.0.2.1'))._unsafeUnwrap();
    const inFlight = (await throttle.attempt('s', '192.0.2.1'))._unsafeUnwrap();
    expect((await throttle.attempt('s', '192.0.2.1'))._unsafeUnwrapErr(), 'the fifth, not yet checked, already counts').to.deep.equal({ retryAfter: 1 });
    await inFlight.withdrawn();
    expect(await counts()).to.deep.equal([4, 4, 4]);
    const right = (await throttle.attempt('s', '192.0.2.1'))._unsafeUnwrap();
    await right.succeeded();
    expect(await counts(), "the pair forgotten; the subject's and the address's four failures kept").to.deep.equal([0, 4, 4]);
  });
});
