import { expect } from 'chai';
import fc from 'fast-check';
import { currency, CurrencyMismatchError, divideRounded, ExchangeRate, Money, ROUNDING_MODES } from '../src/index.ts';

const USD = currency('USD');
const KES = currency('KES');
const microsArb = fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n });
const usd = microsArb.map((m) => Money.ofMicros(m, USD));
const rateArb = fc
  .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
  .map(([units, scale]) => ExchangeRate.parse('USD', 'KES', (units / 10 ** scale).toFixed(scale))._unsafeUnwrap());

describe('Money', () => {
  describe('laws', () => {
    it('addition is associative', () => {
      fc.assert(fc.property(usd, usd, usd, (a, b, c) => a.add(b).add(c).equals(a.add(b.add(c)))));
    });

    it('addition is commutative and zero is its identity', () => {
      fc.assert(fc.property(usd, usd, (a, b) => a.add(b).equals(b.add(a)) && a.add(Money.zero(USD)).equals(a)));
    });

    it('subtraction undoes addition exactly', () => {
      fc.assert(fc.property(usd, usd, (a, b) => a.add(b).subtract(b).equals(a)));
    });

    it('multiplying by n equals adding n times (no precision loss)', () => {
      fc.assert(
        fc.property(usd, fc.integer({ min: 0, max: 50 }), (a, n) => {
          let sum = Money.zero(USD);
          for (let i = 0; i < n; i++) sum = sum.add(a);
          return a.multiply(n).equals(sum);
        }),
      );
    });

    it('parsing the decimal form gives back the same amount (no precision loss)', () => {
      fc.assert(fc.property(usd, (a) => Money.parse(a.toDecimalString(), 'USD')._unsafeUnwrap().equals(a)));
    });

    it('a conversion round trip stays within half a unit of each rounding step', () => {
      fc.assert(
        fc.property(usd, rateArb, (a, rate) => {
          const there = a.convert(rate, 'half_even');
          const back = there.convert(rate.inverse(), 'half_even');
          // error <= 0.5 micro (first rounding, scaled back by 1/rate) + 0.5 micro (second rounding)
          const bound = divideRounded(rate.denominator, 2n * rate.numerator, 'ceiling') + 1n;
          const drift = back.micros - a.micros;
          return (drift < 0n ? -drift : drift) <= bound;
        }),
      );
    });

    it('converting with the identity rate changes nothing', () => {
      fc.assert(fc.property(usd, (a) => a.convert(ExchangeRate.identity(USD), 'half_up').equals(a)));
    });

    it('every rounding mode lands on one of the two neighbouring integers', () => {
      fc.assert(
        fc.property(microsArb, fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.constantFrom(...ROUNDING_MODES), (n, d, mode) => {
          const q = divideRounded(n, d, mode);
          return q * d <= n + d && q * d >= n - d;
        }),
      );
    });
  });

  describe('parse', () => {
    it('accepts strings and numbers up to six decimals', () => {
      expect(Money.parse('12.5', 'usd')._unsafeUnwrap().micros).to.equal(12_500_000n);
      expect(Money.parse(0.000001, 'USD')._unsafeUnwrap().micros).to.equal(1n);
      expect(Money.parse('-3', 'KES')._unsafeUnwrap().toDecimalString()).to.equal('-3.000000');
    });

    it('refuses more than six decimals, junk and unknown currencies with a reason', () => {
      expect(Money.parse('1.0000001', 'USD')._unsafeUnwrapErr().reason).to.equal('too_many_decimals');
      expect(Money.parse('1e3', 'USD')._unsafeUnwrapErr().reason).to.equal('not_a_number');
      expect(Money.parse(Number.NaN, 'USD')._unsafeUnwrapErr().reason).to.equal('not_a_number');
      expect(Money.parse('10', 'XYZ')._unsafeUnwrapErr().reason).to.equal('unknown_currency');
    });
  });

  describe('arithmetic across currencies', () => {
    it('throws on mixing currencies: it is a bug, not a user error', () => {
      expect(() => Money.zero(USD).add(Money.zero(KES))).to.throw(CurrencyMismatchError);
      expect(() => Money.zero(KES).convert(ExchangeRate.identity(USD), 'half_up')).to.throw(CurrencyMismatchError);
    });
  });

  describe('conversion and rounding', () => {
    it('converts with the rate and the rounding mode chosen', () => {
      const rate = ExchangeRate.parse('USD', 'KES', '129.3333333')._unsafeUnwrap();
      const amount = Money.parse('0.000001', 'USD')._unsafeUnwrap();
      expect(amount.convert(rate, 'half_up').micros).to.equal(129n);
      expect(amount.convert(rate, 'up').micros).to.equal(130n);
      expect(amount.convert(rate, 'down').micros).to.equal(129n);
    });

    it('rounds ties per mode', () => {
      expect(divideRounded(5n, 2n, 'half_even')).to.equal(2n);
      expect(divideRounded(7n, 2n, 'half_even')).to.equal(4n);
      expect(divideRounded(5n, 2n, 'half_up')).to.equal(3n);
      expect(divideRounded(5n, 2n, 'half_down')).to.equal(2n);
      expect(divideRounded(-5n, 2n, 'half_up')).to.equal(-3n);
      expect(divideRounded(-5n, 2n, 'ceiling')).to.equal(-2n);
      expect(divideRounded(-5n, 2n, 'floor')).to.equal(-3n);
    });

    it('refuses zero, negative and over-precise rates', () => {
      expect(ExchangeRate.parse('USD', 'KES', '0').isErr()).to.equal(true);
      expect(ExchangeRate.parse('USD', 'KES', '-1').isErr()).to.equal(true);
      expect(ExchangeRate.parse('USD', 'KES', '1.0000000000001').isErr()).to.equal(true);
      expect(ExchangeRate.parse('USD', 'KES', '129.45')._unsafeUnwrap().toDecimalString()).to.equal('129.45');
    });
  });

  describe('format and compare', () => {
    it('formats in the currency minor units and renders API numbers', () => {
      const amount = Money.parse('1234.505', 'USD')._unsafeUnwrap();
      expect(amount.format()).to.match(/USD\s1,234\.50/);
      expect(amount.toFixed(2, 'half_up')).to.equal('1234.51');
      expect(amount.toNumber(4)).to.equal(1234.505);
      expect(Money.parse('100', 'UGX')._unsafeUnwrap().format()).to.match(/UGX\s100$/);
    });

    it('compares within a currency', () => {
      const one = Money.parse('1', 'USD')._unsafeUnwrap();
      const two = Money.parse('2', 'USD')._unsafeUnwrap();
      expect(one.compare(two)).to.equal(-1);
      expect(two.greaterThan(one)).to.equal(true);
      expect(one.lessThan(one)).to.equal(false);
    });
  });
});
