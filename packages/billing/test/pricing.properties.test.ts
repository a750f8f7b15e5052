import { expect } from 'chai';
import fc from 'fast-check';
import { currency, ExchangeRate, formatScaled, Money, type CurrencyCode } from '@tuma/kernel';
import { lookupIn, priceMessage, resolveFxRate, routeCost, sumCosts } from '../src/index.ts';

const USD = currency('USD');
const KES = currency('KES');
const NGN = currency('NGN');

const rateText = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 0, max: 12 }))
  .map(([units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    return scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  });
const rate = (from: CurrencyCode, to: CurrencyCode) => rateText.map((text) => ExchangeRate.parse(from, to, text)._unsafeUnwrap());
const price = (code: CurrencyCode) => fc.bigInt({ min: 0n, max: 10n ** 12n }).map((micros) => Money.ofMicros(micros, code));
const segments = fc.integer({ min: 0, max: 255 });

describe('pricing rule', () => {
  it('route cost = segments x price per segment, exactly in micro-units', () => {
    fc.assert(
      fc.property(segments, price(KES), (n, p) => {
        const cost = routeCost(n, p);
        let added = Money.zero(KES);
        for (let i = 0; i < n; i++) added = added.add(p);
        return cost.micros === BigInt(n) * p.micros && cost.equals(added) && cost.currency === KES;
      }),
    );
  });

  it('wallet cost = the exact converted route cost, rounded once half-even to a whole micro-unit', () => {
    fc.assert(
      fc.property(segments, price(KES), rate(KES, USD), (n, p, r) => {
        const priced = priceMessage({ segments: n, pricePerSegment: p, rate: r });
        const exactNumerator = priced.routeCost.micros * r.numerator; // exact wallet micros = this / r.denominator
        const gap = priced.walletCost.micros * r.denominator - exactNumerator;
        const distance2 = 2n * (gap < 0n ? -gap : gap);
        const nearest = distance2 < r.denominator || (distance2 === r.denominator && priced.walletCost.micros % 2n === 0n);
        return nearest && priced.walletCost.currency === USD && priced.routeCurrency === KES && priced.walletCurrency === USD;
      }),
    );
  });

  it('rounds ties to even: 0.0000005 and 0.0000015 of a wallet unit', () => {
    const half = ExchangeRate.parse('KES', 'USD', '0.5')._unsafeUnwrap();
    expect(priceMessage({ segments: 1, pricePerSegment: Money.ofMicros(1n, KES), rate: half }).walletCost.micros).to.equal(0n);
    expect(priceMessage({ segments: 3, pricePerSegment: Money.ofMicros(1n, KES), rate: half }).walletCost.micros).to.equal(2n);
  });

  it('the same currency on both sides costs the route cost, not a micro more or less', () => {
    fc.assert(
      fc.property(segments, price(USD), (n, p) => {
        const priced = priceMessage({ segments: n, pricePerSegment: p, rate: ExchangeRate.identity(USD) });
        return priced.walletCost.equals(priced.routeCost) && priced.rateUsed === '1';
      }),
    );
  });

  it('records the rate used: exactly for a stored rate, to the nearest 1e-12 for a derived one', () => {
    // Realistic rates, 1e-6 to 1e9, so that an inverse is at least 1e-9 and shows in 12 decimals.
    const realistic = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: 0, max: 6 }))
      .map(([units, scale]) => ExchangeRate.parse('USD', 'KES', formatScaled(units, scale))._unsafeUnwrap());
    fc.assert(
      fc.property(realistic, (r) => {
        const direct = priceMessage({ segments: 1, pricePerSegment: Money.ofMicros(1n, USD), rate: r });
        const inverse = priceMessage({ segments: 1, pricePerSegment: Money.ofMicros(1n, KES), rate: r.inverse() });
        const shown = ExchangeRate.parse('KES', 'USD', inverse.rateUsed)._unsafeUnwrap();
        // |shown - 1/r| <= 0.5e-12  <=>  2 * |shown * r - 1| * 1e12 <= r, in integers:
        const gap = shown.numerator * r.numerator - shown.denominator * r.denominator;
        const abs = gap < 0n ? -gap : gap;
        return ExchangeRate.parse('USD', 'KES', direct.rateUsed)._unsafeUnwrap().equals(r) && 2n * abs * 10n ** 12n <= shown.denominator * r.numerator;
      }),
    );
  });

  it('refuses a fractional or negative segment count: a bug, not a user error', () => {
    expect(() => routeCost(1.5, Money.zero(KES))).to.throw(RangeError);
    expect(() => routeCost(-1, Money.zero(KES))).to.throw(RangeError);
  });

  it('a total is the exact sum of its parts', () => {
    fc.assert(
      fc.property(fc.array(price(USD), { maxLength: 50 }), (costs) => sumCosts(costs, USD).micros === costs.reduce((sum, c) => sum + c.micros, 0n)),
    );
  });
});

describe('FX resolution laws', () => {
  it('inverse consistency: with only A->B stored, B->A is exactly its inverse and the two compose to 1', () => {
    fc.assert(
      fc.property(rate(KES, NGN), (stored) => {
        const lookup = lookupIn([stored]);
        const there = resolveFxRate(KES, NGN, lookup)._unsafeUnwrap();
        const back = resolveFxRate(NGN, KES, lookup)._unsafeUnwrap();
        return (
          there.basis === 'direct' &&
          back.basis === 'inverse' &&
          back.rate.equals(there.rate.inverse()) &&
          there.rate.compose(back.rate).equals(ExchangeRate.identity(KES))
        );
      }),
    );
  });

  it('cross consistency: A->B through USD equals (A->USD) then (USD->B), whichever direction each leg is stored in', () => {
    fc.assert(
      fc.property(rate(USD, KES), rate(USD, NGN), fc.boolean(), fc.boolean(), (usdKes, usdNgn, flipKes, flipNgn) => {
        const lookup = lookupIn([flipKes ? usdKes.inverse() : usdKes, flipNgn ? usdNgn.inverse() : usdNgn]);
        const cross = resolveFxRate(KES, NGN, lookup)._unsafeUnwrap();
        const reverse = resolveFxRate(NGN, KES, lookup)._unsafeUnwrap();
        const legs = resolveFxRate(KES, USD, lookup)._unsafeUnwrap().rate.compose(resolveFxRate(USD, NGN, lookup)._unsafeUnwrap().rate);
        return (
          cross.basis === 'cross' &&
          cross.rate.equals(legs) &&
          cross.rate.equals(usdKes.inverse().compose(usdNgn)) &&
          reverse.rate.equals(cross.rate.inverse())
        );
      }),
    );
  });

  it('identity: every currency converts to itself at exactly 1, stored rates or not', () => {
    fc.assert(fc.property(rate(USD, KES), (stored) => resolveFxRate(KES, KES, lookupIn([stored]))._unsafeUnwrap().rate.equals(ExchangeRate.identity(KES))));
  });
});
