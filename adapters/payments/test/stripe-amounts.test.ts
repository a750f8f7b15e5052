import { expect } from 'chai';
import fc from 'fast-check';
import { currency, Money } from '@tuma/kernel';
import { fromStripeMinorUnits, stripeAmountProblem, stripeExponent, toStripeMinorUnits } from '../src/index.ts';

const money = (amount: string, code: string) => Money.parse(amount, code)._unsafeUnwrap();

describe("Stripe's minor units", () => {
  it('are cents for two-decimal currencies', () => {
    expect(toStripeMinorUnits(money('10.5', 'USD'))).to.equal(1050);
    expect(toStripeMinorUnits(money('2500.55', 'KES'))).to.equal(250055);
    expect(toStripeMinorUnits(money('1', 'NGN'))).to.equal(100);
  });

  it("are whole units for Stripe's zero-decimal currencies, the African ones included", () => {
    for (const code of ['UGX', 'RWF', 'XOF', 'XAF', 'KMF', 'GNF', 'MGA', 'BIF', 'DJF', 'JPY']) {
      expect(stripeExponent(currency(code)), code).to.equal(0);
      expect(toStripeMinorUnits(money('5000', code)), code).to.equal(5000);
      expect(stripeAmountProblem(money('5000.5', code)), code).to.equal(`Card payments in ${code} are in whole units: no decimals`);
    }
  });

  it('are thousandths for three-decimal currencies, whose last digit must be 0', () => {
    expect(stripeExponent(currency('TND'))).to.equal(3);
    expect(toStripeMinorUnits(money('12.34', 'TND'))).to.equal(12340);
    expect(toStripeMinorUnits(money('1', 'KWD'))).to.equal(1000);
    expect(stripeAmountProblem(money('12.345', 'TND'))).to.equal('Card payments in TND have at most 2 decimals');
  });

  it('keep two decimals for ISK, where only whole units may be charged', () => {
    expect(toStripeMinorUnits(money('5', 'ISK'))).to.equal(500);
    expect(stripeAmountProblem(money('5.5', 'ISK'))).to.equal('Card payments in ISK are in whole units: no decimals');
  });

  it('refuse amounts finer than the currency allows, and more than eight digits of minor units', () => {
    expect(stripeAmountProblem(money('10.001', 'USD'))).to.equal('Card payments in USD have at most 2 decimals');
    expect(stripeAmountProblem(money('999999.99', 'USD'))).to.equal(undefined);
    expect(stripeAmountProblem(money('1000000', 'USD'))).to.equal('A card payment is at most 999999.99 USD');
    expect(stripeAmountProblem(money('99999999', 'UGX'))).to.equal(undefined);
    expect(stripeAmountProblem(money('100000000', 'UGX'))).to.equal('A card payment is at most 99999999 UGX');
    expect(() => toStripeMinorUnits(money('10.001', 'USD'))).to.throw(RangeError);
  });

  it('read back what Stripe reports, refusing what is not a non-negative integer with a known currency', () => {
    expect(fromStripeMinorUnits(1050, 'usd')?.equals(money('10.5', 'USD'))).to.equal(true);
    expect(fromStripeMinorUnits(5000, 'ugx')?.equals(money('5000', 'UGX'))).to.equal(true);
    expect(fromStripeMinorUnits(12340, 'tnd')?.equals(money('12.34', 'TND'))).to.equal(true);
    for (const [amount, code] of [[10.5, 'usd'], [-1, 'usd'], ['1050', 'usd'], [1050, 'zzz'], [1050, undefined]] as const) {
      expect(fromStripeMinorUnits(amount, code), `${amount} ${code}`).to.equal(undefined);
    }
  });

  it('law: every chargeable amount round-trips through minor units exactly', () => {
    const codes = ['USD', 'KES', 'NGN', 'UGX', 'XOF', 'RWF', 'TND', 'KWD', 'ISK', 'GHS', 'ZAR', 'MGA'];
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.bigInt({ min: 1n, max: 99_999_999n }), (code, minor) => {
        const amount = fromStripeMinorUnits(Number(minor), code.toLowerCase())!;
        if (stripeAmountProblem(amount) !== undefined) return;
        expect(toStripeMinorUnits(amount)).to.equal(Number(minor));
        expect(fromStripeMinorUnits(toStripeMinorUnits(amount), code)?.equals(amount)).to.equal(true);
      }),
    );
  });
});
