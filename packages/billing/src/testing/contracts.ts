/** Contract suite every FxRates implementation must pass. */
import { expect } from 'chai';
import { currency, ExchangeRate, type CurrencyCode } from '@tuma/kernel';
import type { FxRates } from '../application/fx-rates.port.ts';
import { FxRate } from '../domain/fx-rate.model.ts';

export interface FxRatesFixture {
  readonly fxRates: FxRates;
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = new Date('2026-04-01T12:00:00.000Z');
const USD = currency('USD');
const KES = currency('KES');
const NGN = currency('NGN');
const GHS = currency('GHS');

const rate = (from: string, to: string, value: string, updatedBy: string | null = 'key:op_test', when = at): FxRate =>
  FxRate.set({ from, to, rate: value, updatedBy }, when)._unsafeUnwrap();

const fraction = (from: CurrencyCode, to: CurrencyCode, text: string) => ExchangeRate.parse(from, to, text)._unsafeUnwrap();

export function describeFxRatesContract(name: string, make: () => Promise<FxRatesFixture>): void {
  describe(`FxRates contract: ${name}`, () => {
    let f: FxRatesFixture;
    const set = (...rates: FxRate[]) => f.step(async () => Promise.all(rates.map((r) => f.fxRates.set(r))));
    const resolve = (from: CurrencyCode, to: CurrencyCode) => f.step(async () => f.fxRates.resolve(from, to));

    beforeEach(async () => {
      f = await make();
    });

    it('stores a rate exactly and lists it field for field', async () => {
      const stored = rate('USD', 'KES', '129.123456789012');
      await set(stored);
      const listed = await f.step(() => f.fxRates.list());
      expect(listed.map((r) => r.toSnapshot())).to.deep.equal([stored.toSnapshot()]);
      expect(listed[0]!.exchangeRate.equals(stored.exchangeRate)).to.equal(true);
    });

    it('keeps the largest rate the column takes (18 digits, 12 decimals) and a missing setter', async () => {
      const large = rate('USD', 'VES', '999999999999999999.999999999999', null);
      await set(large);
      const [listed] = await f.step(() => f.fxRates.list());
      expect(listed?.rate).to.equal('999999999999999999.999999999999');
      expect(listed?.updatedBy).to.equal(null);
    });

    it('replaces the rate of a pair when set again', async () => {
      await set(rate('USD', 'KES', '129.5'));
      const later = new Date('2026-04-02T08:30:00.000Z');
      await set(rate('USD', 'KES', '131', 'cli', later));
      const listed = await f.step(() => f.fxRates.list());
      expect(listed.map((r) => r.toSnapshot())).to.deep.equal([{ from: USD, to: KES, rate: '131', updatedAt: later, updatedBy: 'cli' }]);
    });

    it('lists ordered by from, then to', async () => {
      await set(rate('USD', 'NGN', '1600'), rate('NGN', 'KES', '0.08'), rate('USD', 'KES', '129.5'), rate('EUR', 'USD', '1.16'));
      const listed = await f.step(() => f.fxRates.list());
      expect(listed.map((r) => `${r.from}->${r.to}`)).to.deep.equal(['EUR->USD', 'NGN->KES', 'USD->KES', 'USD->NGN']);
    });

    it('resolves a currency to itself at exactly 1 without any stored rate', async () => {
      const resolved = (await resolve(KES, KES))._unsafeUnwrap();
      expect(resolved.basis).to.equal('identity');
      expect(resolved.rate.equals(ExchangeRate.identity(KES))).to.equal(true);
    });

    it('prefers the stored direct rate, in each direction', async () => {
      await set(rate('USD', 'KES', '129.5'), rate('KES', 'USD', '0.0078'));
      const there = (await resolve(USD, KES))._unsafeUnwrap();
      const back = (await resolve(KES, USD))._unsafeUnwrap();
      expect([there.basis, there.rate.toDecimalString()]).to.deep.equal(['direct', '129.5']);
      expect([back.basis, back.rate.toDecimalString()]).to.deep.equal(['direct', '0.0078']);
    });

    it('falls back to the exact inverse of the reverse rate', async () => {
      await set(rate('USD', 'KES', '129.5'));
      const resolved = (await resolve(KES, USD))._unsafeUnwrap();
      expect(resolved.basis).to.equal('inverse');
      expect(resolved.rate.from).to.equal(KES);
      expect(resolved.rate.to).to.equal(USD);
      expect(resolved.rate.equals(fraction(USD, KES, '129.5').inverse())).to.equal(true);
      expect(resolved.rate.numerator * 1295n).to.equal(resolved.rate.denominator * 10n);
    });

    it('crosses through USD when neither direction is stored, each leg direct or inverse', async () => {
      await set(rate('USD', 'KES', '129.5'), rate('USD', 'NGN', '1600'), rate('GHS', 'USD', '0.09'));
      const kesNgn = (await resolve(KES, NGN))._unsafeUnwrap();
      expect(kesNgn.basis).to.equal('cross');
      expect(kesNgn.rate.equals(fraction(USD, KES, '129.5').inverse().compose(fraction(USD, NGN, '1600')))).to.equal(true);
      expect([kesNgn.rate.numerator, kesNgn.rate.denominator]).to.deep.equal([3200n, 259n]);
      const ghsKes = (await resolve(GHS, KES))._unsafeUnwrap();
      expect([ghsKes.basis, ghsKes.rate.toDecimalString()]).to.deep.equal(['cross', '11.655']);
      const ngnKes = (await resolve(NGN, KES))._unsafeUnwrap();
      expect(ngnKes.rate.equals(kesNgn.rate.inverse())).to.equal(true);
    });

    it('uses a stored rate between the two currencies before any cross', async () => {
      await set(rate('USD', 'KES', '129.5'), rate('USD', 'NGN', '1600'), rate('NGN', 'KES', '0.08'));
      const resolved = (await resolve(KES, NGN))._unsafeUnwrap();
      expect([resolved.basis, resolved.rate.toDecimalString()]).to.deep.equal(['inverse', '12.5']);
    });

    it('fails with fx_rate_missing naming both currencies when nothing converts', async () => {
      const none = (await resolve(KES, NGN))._unsafeUnwrapErr();
      expect(none).to.include({ type: 'fx_rate_missing', from: KES, to: NGN });
      expect(none.message).to.contain('KES').and.to.contain('NGN');
      await set(rate('USD', 'KES', '129.5'));
      expect((await resolve(KES, NGN))._unsafeUnwrapErr().type).to.equal('fx_rate_missing');
      expect((await resolve(currency('JPY'), USD))._unsafeUnwrapErr()).to.include({ from: 'JPY', to: 'USD' });
    });
  });
}
export { describeTopUpRepositoryContract, type TopUpRepositoryFixture } from './top-up-contracts.ts';
export { describeWalletLedgerContract } from './wallet-ledger.contract.ts';
export { allEntries, expectBalanceIsLedgerSum, type WalletLedgerFixture } from './wallet-contract-support.ts';
