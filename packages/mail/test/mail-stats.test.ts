import { expect } from 'chai';
import fc from 'fast-check';
import { analyticsWindow, COUNTED_EVENTS, ratesOf, type MailCounts } from '../src/index.ts';

const countsArb = fc.record(Object.fromEntries(COUNTED_EVENTS.map((type) => [type, fc.nat(1_000_000)])) as Record<keyof MailCounts, fc.Arbitrary<number>>);

describe('mail analytics arithmetic', () => {
  it('rates bounces of what was sent and engagement of what was delivered, to 4 decimals', () => {
    const rates = ratesOf({ sent: 3, delivered: 2, bounced: 1, complained: 0, opened: 1, clicked: 2, failed: 1 });
    expect(rates).to.deep.equal({ deliveryRate: 0.6667, bounceRate: 0.3333, complaintRate: 0, openRate: 0.5, clickRate: 1, failureRate: 0.25 });
  });

  it('law: a rate of nothing is 0, never NaN or Infinity, and every rate has at most 4 decimals', () => {
    fc.assert(
      fc.property(countsArb, (counts) => {
        for (const rate of Object.values(ratesOf(counts))) {
          expect(Number.isFinite(rate)).to.equal(true);
          expect(Math.round(rate * 10_000) / 10_000).to.equal(rate);
        }
        expect(Object.values(ratesOf({ ...counts, sent: 0, delivered: 0, failed: 0 }))).to.deep.equal([0, 0, 0, 0, 0, 0]);
      }),
    );
  });

  it('law: the window is `days` UTC days ending today, from a midnight', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }), fc.integer({ min: 1, max: 365 }), (now, days) => {
        const { from } = analyticsWindow(now, days);
        expect(from.toISOString().slice(11)).to.equal('00:00:00.000Z');
        const lastDay = new Date(from.getTime() + (days - 1) * 86_400_000).toISOString().slice(0, 10);
        expect(lastDay).to.equal(now.toISOString().slice(0, 10));
      }),
    );
  });
});
