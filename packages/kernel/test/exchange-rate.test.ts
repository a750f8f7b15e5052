import { expect } from 'chai';
import fc from 'fast-check';
import { currency, ExchangeRate, Money, type CurrencyCode } from '../src/index.ts';

const USD = currency('USD');
const KES = currency('KES');
const NGN = currency('NGN');

/** A decimal rate string with up to 12 decimals, > 0. */
const rateText = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 16n }), fc.integer({ min: 0, max: 12 }))
  .map(([units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    return scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  });
const rate = (from: CurrencyCode, to: CurrencyCode) => rateText.map((text) => ExchangeRate.parse(from, to, text)._unsafeUnwrap());
const micros = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });

describe('ExchangeRate', () => {
  describe('compose', () => {
    it('chains two rates into one exact fraction (KES -> USD -> NGN)', () => {
      const kesUsd = ExchangeRate.parse('USD', 'KES', '129.5')._unsafeUnwrap().inverse();
      const usdNgn = ExchangeRate.parse('USD', 'NGN', '1600')._unsafeUnwrap();
      const cross = kesUsd.compose(usdNgn);
      expect(cross.from).to.equal(KES);
      expect(cross.to).to.equal(NGN);
      // 1600 / 129.5 = 16000 / 1295 = 3200 / 259, reduced
      expect([cross.numerator, cross.denominator]).to.deep.equal([3200n, 259n]);
      expect(cross.toDecimalString(12, 'half_even')).to.equal('12.355212355212');
    });

    it('is associative', () => {
      fc.assert(
        fc.property(rate(KES, USD), rate(USD, NGN), rate(NGN, KES), (a, b, c) => a.compose(b).compose(c).equals(a.compose(b.compose(c)))),
      );
    });

    it('has the identity rate as its neutral element on both sides', () => {
      fc.assert(
        fc.property(rate(USD, KES), (r) => ExchangeRate.identity(USD).compose(r).equals(r) && r.compose(ExchangeRate.identity(KES)).equals(r)),
      );
    });

    it('gives the identity when a rate is followed by its inverse', () => {
      fc.assert(fc.property(rate(USD, KES), (r) => r.compose(r.inverse()).equals(ExchangeRate.identity(USD))));
    });

    it('converts exactly like the two legs done without intermediate rounding', () => {
      fc.assert(
        fc.property(micros, rate(KES, USD), rate(USD, NGN), (amount, first, second) => {
          const cross = first.compose(second);
          const exactNumerator = amount * first.numerator * second.numerator;
          const exactDenominator = first.denominator * second.denominator;
          const converted = Money.ofMicros(amount, KES).convert(cross, 'floor').micros;
          // floor of the exact quotient: converted <= exact < converted + 1
          return converted * exactDenominator <= exactNumerator && exactNumerator < (converted + 1n) * exactDenominator;
        }),
      );
    });

    it('throws when the legs do not meet in one currency: a bug, not a user error', () => {
      const usdKes = ExchangeRate.parse('USD', 'KES', '129.5')._unsafeUnwrap();
      expect(() => usdKes.compose(usdKes)).to.throw(RangeError);
    });
  });

  describe('toDecimalString', () => {
    it('is exact for parsed rates and drops trailing zeros only after the point', () => {
      fc.assert(
        fc.property(rateText, (text) => {
          const parsed = ExchangeRate.parse('USD', 'KES', text)._unsafeUnwrap();
          return ExchangeRate.parse('USD', 'KES', parsed.toDecimalString())._unsafeUnwrap().equals(parsed);
        }),
      );
      expect(ExchangeRate.parse('USD', 'KES', '100')._unsafeUnwrap().toDecimalString(0)).to.equal('100');
      expect(ExchangeRate.parse('USD', 'KES', '100.500')._unsafeUnwrap().toDecimalString()).to.equal('100.5');
    });

    it('rounds a derived rate with the mode asked for', () => {
      const kesUsd = ExchangeRate.parse('USD', 'KES', '3')._unsafeUnwrap().inverse();
      expect(kesUsd.toDecimalString(4)).to.equal('0.3333');
      const twoThirds = ExchangeRate.parse('USD', 'KES', '1.5')._unsafeUnwrap().inverse();
      expect(twoThirds.toDecimalString(4)).to.equal('0.6666');
      expect(twoThirds.toDecimalString(4, 'half_even')).to.equal('0.6667');
    });
  });
});
