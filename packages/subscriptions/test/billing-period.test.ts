import { expect } from 'chai';
import fc from 'fast-check';
import { currency, ExchangeRate, Money } from '@tuma/kernel';
import { daysLeftInMonth, monthKey, periodFrom, prorate } from '../src/index.ts';

const DAY_MS = 86_400_000;
const moment = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2040-12-31T23:59:59Z'), noInvalidDate: true });
const USD = currency('USD');

describe('billing periods and proration', () => {
  it('a period ends at 00:00 UTC on the first of the next month: after its start, at most 31 days on', () => {
    fc.assert(
      fc.property(moment, (start) => {
        const { end } = periodFrom(start);
        expect(end.toISOString()).to.match(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
        expect(end.getTime() - start.getTime()).to.be.within(1, 31 * DAY_MS);
        expect(monthKey(end)).to.not.equal(monthKey(start));
      }),
    );
  });

  it('counts the days left with the current one: 1 on the last day, the whole month on the first', () => {
    expect(daysLeftInMonth(new Date('2026-07-15T10:00:00Z'))).to.deep.equal({ days: 17, inMonth: 31 });
    expect(daysLeftInMonth(new Date('2028-02-29T23:59:59Z'))).to.deep.equal({ days: 1, inMonth: 29 });
    fc.assert(
      fc.property(moment, (at) => {
        const { days, inMonth } = daysLeftInMonth(at);
        expect(inMonth).to.be.within(28, 31);
        expect(days).to.be.within(1, inMonth);
        expect(daysLeftInMonth(periodFrom(at).end).days, 'the next period is a whole month').to.equal(daysLeftInMonth(periodFrom(at).end).inMonth);
      }),
    );
  });

  it('prorates exactly and rounds once, half-even: within half a micro-unit of the exact share, the whole month exactly the converted price', () => {
    const price = fc.integer({ min: 0, max: 1_000_000 }).map((cents) => Money.ofMicros(BigInt(cents) * 10_000n, USD));
    const rate = fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 })).map(([units, scale]) => ExchangeRate.parse('USD', 'KES', (units / 10 ** scale).toFixed(scale))._unsafeUnwrap());
    const share = fc.integer({ min: 28, max: 31 }).chain((inMonth) => fc.tuple(fc.integer({ min: 0, max: inMonth }), fc.constant(inMonth)));
    fc.assert(
      fc.property(price, rate, share, (p, r, [days, inMonth]) => {
        const amount = prorate(p, r, days, inMonth);
        const exact = p.micros * r.numerator * BigInt(days);
        const scale = r.denominator * BigInt(inMonth);
        const error = amount.micros * scale - exact;
        expect((error < 0n ? -error : error) * 2n <= scale, 'within half a micro').to.equal(true);
        if (days === inMonth) expect(amount.equals(p.convert(r, 'half_even'))).to.equal(true);
      }),
    );
  });
});
