import { expect } from 'chai';
import { currency } from '@tuma/kernel';
import { FakeClock, ImmediateUnitOfWork, rolledBack } from '@tuma/kernel/testing';
import { FxRate, ListFxRates, SAMPLE_RATES_SETTER, SAMPLE_USD_RATES, SeedSampleFxRates, SetFxRate } from '../src/index.ts';
import { InMemoryFxRates } from '../src/testing/index.ts';

const at = new Date('2026-05-01T09:00:00.000Z');
const paths = (input: Parameters<typeof FxRate.set>[0]) =>
  FxRate.set(input, at)._unsafeUnwrapErr().details.map((d) => `${d.path}: ${d.message}`);

describe('FxRate', () => {
  it('accepts a decimal string or a number, in any case of currency code, and keeps it exactly', () => {
    const fromText = FxRate.set({ from: 'usd', to: 'kes', rate: ' 129.500000000000 ', updatedBy: 'cli' }, at)._unsafeUnwrap();
    expect(fromText.toSnapshot()).to.deep.equal({ from: 'USD', to: 'KES', rate: '129.5', updatedAt: at, updatedBy: 'cli' });
    expect(FxRate.set({ from: 'USD', to: 'NGN', rate: 1600.25 }, at)._unsafeUnwrap().rate).to.equal('1600.25');
    expect(FxRate.set({ from: 'USD', to: 'NGN', rate: 1e-7 }, at)._unsafeUnwrap().rate).to.equal('0.0000001');
    expect(FxRate.set({ from: 'KES', to: 'USD', rate: '0.000000000001' }, at)._unsafeUnwrap().rate).to.equal('0.000000000001');
  });

  it('refuses zero, negative, over-precise, oversized and non-decimal rates, naming `rate`', () => {
    for (const rate of ['0', '-1', '0.0000000000001', '1000000000000000000', '1e3', '12,5', '', 'abc', Number.NaN, Number.POSITIVE_INFINITY, -2]) {
      const issues = paths({ from: 'USD', to: 'KES', rate });
      expect(issues, String(rate)).to.have.length(1);
      expect(issues[0], String(rate)).to.match(/^rate: /);
    }
    expect(paths({ from: 'USD', to: 'KES', rate: '0' })[0]).to.contain('greater than zero');
    expect(paths({ from: 'USD', to: 'KES', rate: '1.0000000000001' })[0]).to.contain('12 decimal');
  });

  it('refuses unknown currencies and a pair of one currency, reporting every field at once', () => {
    expect(paths({ from: 'XYZ', to: 'ABC', rate: '0' })).to.deep.equal([
      'from: Not an ISO 4217 currency code: XYZ',
      'to: Not an ISO 4217 currency code: ABC',
      'rate: Must be greater than zero',
    ]);
    expect(paths({ from: 'KES', to: 'kes', rate: '1' })).to.deep.equal(['to: Must differ from `from`: a currency converts to itself at 1']);
    expect(paths({ from: 'USD', to: 'KES', rate: '1', updatedBy: 'x'.repeat(121) })[0]).to.match(/^updated_by: /);
  });

  it('rehydrates what it stored, and throws on corrupt stored data', () => {
    const rate = FxRate.set({ from: 'USD', to: 'KES', rate: '129.5' }, at)._unsafeUnwrap();
    expect(FxRate.rehydrate(rate.toSnapshot()).toSnapshot()).to.deep.equal(rate.toSnapshot());
    expect(() => FxRate.rehydrate({ ...rate.toSnapshot(), rate: '-1' })).to.throw(/corrupt/);
  });
});

describe('FX use cases', () => {
  const clock = new FakeClock(at);

  it('SetFxRate stores the rate with the time and the setter; ListFxRates lists it', async () => {
    const fxRates = new InMemoryFxRates();
    const set = await new SetFxRate(fxRates, new ImmediateUnitOfWork(), clock).execute({ from: 'USD', to: 'KES', rate: '129.5', updatedBy: 'cli' });
    expect(set._unsafeUnwrap().toSnapshot()).to.deep.equal({ from: 'USD', to: 'KES', rate: '129.5', updatedAt: at, updatedBy: 'cli' });
    const listed = (await new ListFxRates(fxRates).execute())._unsafeUnwrap();
    expect(listed.map((r) => r.toSnapshot())).to.deep.equal([set._unsafeUnwrap().toSnapshot()]);
  });

  it("SetFxRate's rate goes with the caller's unit of work when that fails", async () => {
    const fxRates = new InMemoryFxRates();
    const setFxRate = new SetFxRate(fxRates, new ImmediateUnitOfWork(), clock);
    (await setFxRate.execute({ from: 'USD', to: 'KES', rate: '129.5', updatedBy: 'cli' }))._unsafeUnwrap();
    const before = await fxRates.list();
    await rolledBack(async () => {
      (await setFxRate.execute({ from: 'USD', to: 'KES', rate: '130', updatedBy: 'cli' }))._unsafeUnwrap();
      (await setFxRate.execute({ from: 'USD', to: 'NGN', rate: '1500', updatedBy: 'cli' }))._unsafeUnwrap();
    });
    expect(await fxRates.list()).to.deep.equal(before);
  });

  it('SetFxRate stores nothing when the input is invalid', async () => {
    const fxRates = new InMemoryFxRates();
    const refused = await new SetFxRate(fxRates, new ImmediateUnitOfWork(), clock).execute({ from: 'USD', to: 'KES', rate: '0' });
    expect(refused._unsafeUnwrapErr().type).to.equal('validation_error');
    expect(await fxRates.list()).to.deep.equal([]);
  });

  it('SeedSampleFxRates sets sample USD rates only for currencies USD does not convert into yet', async () => {
    const fxRates = new InMemoryFxRates();
    await fxRates.set(FxRate.set({ from: 'KES', to: 'USD', rate: '0.0077', updatedBy: 'operator' }, at)._unsafeUnwrap());
    await fxRates.set(FxRate.set({ from: 'USD', to: 'NGN', rate: '1555', updatedBy: 'operator' }, at)._unsafeUnwrap());
    const seed = new SeedSampleFxRates(fxRates, new ImmediateUnitOfWork(), clock);
    const codes = ['KES', 'NGN', 'GHS', 'USD', 'XOF', 'JPY'].map(currency);
    const seeded = (await seed.execute(codes))._unsafeUnwrap();
    // KES resolves through the inverse, NGN directly, USD is the pivot, JPY has no sample rate.
    expect(seeded.map((r) => `${r.from}->${r.to} ${r.rate} ${r.updatedBy}`)).to.deep.equal([
      `USD->GHS ${SAMPLE_USD_RATES.GHS} ${SAMPLE_RATES_SETTER}`,
      `USD->XOF ${SAMPLE_USD_RATES.XOF} ${SAMPLE_RATES_SETTER}`,
    ]);
    expect((await seed.execute(codes))._unsafeUnwrap()).to.deep.equal([]);
    const rates = await fxRates.list();
    expect(rates.find((r) => r.to === 'NGN')?.rate).to.equal('1555');
    expect(rates).to.have.length(4);
  });

  it('every sample rate is a valid rate of an ISO 4217 currency', () => {
    for (const [code, rate] of Object.entries(SAMPLE_USD_RATES)) {
      expect(FxRate.set({ from: 'USD', to: code, rate }, at).isOk(), code).to.equal(true);
    }
  });
});
