import { expect } from 'chai';
import fc from 'fast-check';
import { getExampleNumber, type CountryCode } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { FxRate, sumCosts } from '@tuma/billing';
import { InMemoryFxRates, InMemoryWalletBalances } from '@tuma/billing/testing';
import { currency, Money } from '@tuma/kernel';
import { MAX_RECIPIENTS_PER_CALL, QuotePrice, SAMPLE_ROUTE_PRICES, type QuotePriceInput } from '../src/index.ts';
import { InMemoryCatalogue, InMemorySmsSettings } from '../src/testing/index.ts';

const KE = '+254712123456';
const NG = '+2348021234567';
const LR = '+231770123456'; // Liberia: a USD route
const FR = '+33612345678'; // valid, no route
const CF = '+23670012345'; // Central African Republic: inactive sample route
const at = new Date('2026-05-01T00:00:00.000Z');

async function fixture(rates: [string, string, string][] = [['USD', 'KES', '129.5'], ['USD', 'NGN', '1600']]) {
  const fxRates = new InMemoryFxRates();
  for (const [from, to, rate] of rates) await fxRates.set(FxRate.set({ from, to, rate }, at)._unsafeUnwrap());
  const balances = new InMemoryWalletBalances();
  return { fxRates, balances, quote: new QuotePrice(new InMemoryCatalogue(), fxRates, balances, new InMemorySmsSettings()) };
}

const input = (to: string[], overrides: Partial<QuotePriceInput> = {}): QuotePriceInput => ({
  accountId: 'acc_1',
  environment: 'live',
  walletCurrency: currency('USD'),
  to,
  text: 'Hello from Tuma',
  ...overrides,
});

describe('QuotePrice', () => {
  it('prices a KES and an NGN recipient for a USD wallet: route cost exact, wallet cost converted once and rounded half-even', async () => {
    const { quote } = await fixture();
    const q = (await quote.execute(input([KE, NG])))._unsafeUnwrap();
    expect(q.message).to.include({ encoding: 'GSM7', segments: 1, overSegmentCap: false, maxSegments: 10 });
    const [ke, ng] = q.recipients;
    expect(SAMPLE_ROUTE_PRICES.KE!.price).to.equal('0.80');
    expect(ke).to.include({ to: KE, input: KE, country: 'KE', routable: true, reason: null });
    expect(ke!.route?.code).to.equal('SVC_KE');
    expect(ke!.routeCost?.toString()).to.equal('0.800000 KES');
    // 0.80 KES / 129.5 = 0.0061776... USD
    expect(ke!.price?.walletCost.toString()).to.equal('0.006178 USD');
    expect(ke!.price?.rateUsed).to.equal('0.007722007722');
    // 6.00 NGN / 1600 = 0.00375 USD exactly
    expect(ng!.price?.walletCost.toString()).to.equal('0.003750 USD');
    expect(q.totalCost.toString()).to.equal('0.009928 USD');
    expect(q.routableCount).to.equal(2);
    expect(q.unroutable).to.deep.equal([]);
  });

  it('bills every segment: a 161-character text is 2 segments for every recipient', async () => {
    const { quote } = await fixture();
    const q = (await quote.execute(input([KE, KE], { text: 'a'.repeat(161) })))._unsafeUnwrap();
    expect(q.message.segments).to.equal(2);
    expect(q.recipients.map((r) => r.routeCost?.toString())).to.deep.equal(['1.600000 KES', '1.600000 KES']);
    // 1.60 / 129.5 = 0.012355212... -> 0.012355, per recipient; the total is their sum, not a re-rounded product
    expect(q.recipients.map((r) => r.price?.walletCost.toString())).to.deep.equal(['0.012355 USD', '0.012355 USD']);
    expect(q.totalCost.toString()).to.equal('0.024710 USD');
  });

  it('uses the identity rate when the route is priced in the wallet currency', async () => {
    const { quote } = await fixture([]);
    const q = (await quote.execute(input([LR])))._unsafeUnwrap();
    expect(q.recipients[0]!.price?.rateUsed).to.equal('1');
    expect(q.recipients[0]!.price?.walletCost.equals(q.recipients[0]!.routeCost!)).to.equal(true);
  });

  it('lists invalid numbers and numbers without a route as unroutable, with a reason, never as an error', async () => {
    const { quote } = await fixture();
    const q = (await quote.execute(input([KE, 'hello', '+254 1', FR, CF, ' +254 712 123 456 '])))._unsafeUnwrap();
    expect(q.recipients.map((r) => [r.to, r.country, r.routable, r.reason])).to.deep.equal([
      [KE, 'KE', true, null],
      ['hello', null, false, 'not_numeric'],
      ['+254 1', null, false, 'impossible_number'],
      [FR, 'FR', false, 'no_route'],
      [CF, 'CF', false, 'no_route'],
      [KE, 'KE', true, null],
    ]);
    expect(q.unroutable).to.deep.equal(['hello', '+254 1', FR, CF]);
    expect(q.routableCount).to.equal(2);
    for (const r of q.recipients.filter((x) => !x.routable)) expect([r.route, r.routeCost, r.price]).to.deep.equal([null, null, null]);
    expect(q.totalCost.toString()).to.equal('0.012356 USD');
  });

  it('marks a recipient whose route currency has no rate to the wallet currency as unroutable (fx_rate_missing), keeping its route cost', async () => {
    const { quote } = await fixture();
    const q = (await quote.execute(input([KE, NG], { walletCurrency: currency('JPY') })))._unsafeUnwrap();
    expect(q.walletCurrency).to.equal('JPY');
    expect(q.recipients.map((r) => [r.routable, r.reason, r.route?.code, r.routeCost?.toString(), r.price])).to.deep.equal([
      [false, 'fx_rate_missing', 'SVC_KE', '0.800000 KES', null],
      [false, 'fx_rate_missing', 'SVC_NG', '6.000000 NGN', null],
    ]);
    expect(q.totalCost.equals(Money.zero(currency('JPY')))).to.equal(true);
  });

  it('crosses through USD for a wallet in another currency (NGN wallet, KES route)', async () => {
    const { quote } = await fixture();
    const q = (await quote.execute(input([KE], { walletCurrency: currency('NGN') })))._unsafeUnwrap();
    // 0.80 KES * 1600 / 129.5 = 9.884169884... NGN
    expect(q.recipients[0]!.price?.walletCost.toString()).to.equal('9.884170 NGN');
    expect(q.recipients[0]!.price?.rateUsed).to.equal('12.355212355212');
  });

  it('applies an explicit route to its own country only; others are route_mismatch', async () => {
    const { quote } = await fixture();
    const q = (await quote.execute(input([KE, NG], { route: 'svc_ke' })))._unsafeUnwrap();
    expect(q.recipients.map((r) => [r.route?.code ?? null, r.routable, r.reason])).to.deep.equal([
      ['SVC_KE', true, null],
      [null, false, 'route_mismatch'],
    ]);
  });

  it('refuses an unknown or inactive route, no text and no or too many recipients, naming the field', async () => {
    const { quote } = await fixture();
    const issues = async (i: QuotePriceInput) => (await quote.execute(i))._unsafeUnwrapErr().details.map((d) => d.path);
    expect(await issues(input([KE], { route: 'SVC_XX' }))).to.deep.equal(['route']);
    expect(await issues(input([KE], { route: 'SVC_CF' }))).to.deep.equal(['route']);
    expect(await issues(input([KE], { text: '' }))).to.deep.equal(['text']);
    expect(await issues(input([]))).to.deep.equal(['to']);
    expect(await issues(input(Array(MAX_RECIPIENTS_PER_CALL + 1).fill(KE)))).to.deep.equal(['to']);
    expect((await quote.execute(input(Array(MAX_RECIPIENTS_PER_CALL).fill(KE))))._unsafeUnwrap().routableCount).to.equal(1000);
  });

  it('still prices a text over the segment cap, and says so', async () => {
    const { quote } = await fixture();
    const q = (await quote.execute(input([KE], { text: 'x'.repeat(153 * 11) })))._unsafeUnwrap();
    expect(q.message).to.include({ segments: 11, overSegmentCap: true, maxSegments: 10 });
    expect(q.recipients[0]!.routeCost?.toString()).to.equal('8.800000 KES');
  });

  it('reports the balance and whether it covers the total; null for both without a wallet', async () => {
    const { quote, balances } = await fixture();
    expect((await quote.execute(input([KE, NG])))._unsafeUnwrap()).to.include({ walletBalance: null, affordable: null });
    balances.setBalance('acc_1', Money.parse('0.009928', 'USD')._unsafeUnwrap());
    expect((await quote.execute(input([KE, NG])))._unsafeUnwrap().affordable).to.equal(true);
    balances.setBalance('acc_1', Money.parse('0.009927', 'USD')._unsafeUnwrap());
    const short = (await quote.execute(input([KE, NG])))._unsafeUnwrap();
    expect(short.affordable).to.equal(false);
    expect(short.walletBalance?.toString()).to.equal('0.009927 USD');
    const noWallets = new QuotePrice(new InMemoryCatalogue(), (await fixture()).fxRates, new InMemoryWalletBalances(), new InMemorySmsSettings());
    expect((await noWallets.execute(input([KE])))._unsafeUnwrap().affordable).to.equal(null);
  });

  it('quotes test keys the live price but calls it affordable whatever the balance: test sends are never charged', async () => {
    const { quote, balances } = await fixture();
    expect((await quote.execute(input([KE, NG], { environment: 'test' })))._unsafeUnwrap().affordable).to.equal(true);
    balances.setBalance('acc_1', Money.parse('0.000001', 'USD')._unsafeUnwrap());
    const q = (await quote.execute(input([KE, NG], { environment: 'test' })))._unsafeUnwrap();
    expect([q.affordable, q.totalCost.isPositive()]).to.deep.equal([true, true]);
  });
});

describe('QuotePrice properties', () => {
  const countries: CountryCode[] = ['KE', 'NG', 'GH', 'ZA', 'LR', 'FR', 'CF', 'UG', 'TZ', 'EG'];
  const numbers = [...countries.map((c) => getExampleNumber(c, examples)!.number as string), 'not a number', '+1'];
  const rateArb = fc
    .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
    .map(([units, scale]) => (units / 10 ** scale).toFixed(scale));
  const currencies = ['KES', 'NGN', 'GHS', 'ZAR', 'UGX', 'TZS', 'EGP'];

  it('quote total = the exact sum of the recipients wallet costs; every route cost = segments x price', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...numbers), { minLength: 1, maxLength: 30 }),
        fc.string({ minLength: 1, maxLength: 400, unit: 'grapheme' }),
        fc.dictionary(fc.constantFrom(...currencies), rateArb),
        fc.constantFrom('USD', 'KES', 'NGN'),
        async (to, text, rates, wallet) => {
          const { quote } = await fixture(Object.entries(rates).map(([code, rate]) => ['USD', code, rate]));
          const q = (await quote.execute(input(to, { text, walletCurrency: currency(wallet) })))._unsafeUnwrap();
          const costs = q.recipients.flatMap((r) => (r.price ? [r.price.walletCost] : []));
          expect(q.totalCost.equals(sumCosts(costs, currency(wallet)))).to.equal(true);
          expect(q.routableCount + q.unroutable.length).to.equal(to.length);
          for (const r of q.recipients) {
            if (r.route) expect(r.routeCost!.micros).to.equal(BigInt(q.message.segments) * r.route.pricePerSegment.micros);
            if (r.price) {
              expect(r.price.walletCost.equals(r.routeCost!.convert(r.price.rate, 'half_even'))).to.equal(true);
            }
            expect(r.routable).to.equal(r.price !== null);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
  describe('why a text is UCS-2', () => {
    it('a GSM-7 text has no GSM-7 alternative', async () => {
      const { quote } = await fixture();
      expect((await quote.execute(input([KE])))._unsafeUnwrap().gsm7Alternative).to.equal(null);
    });

    it('names the curly quote that tripled the price and what the GSM-7 text would cost', async () => {
      const { quote } = await fixture();
      // 150 letters and a curly apostrophe: 151 UCS-2 units = 3 segments; with a straight one, 1 GSM-7 segment.
      const q = (await quote.execute(input([KE, NG, FR], { text: `${'a'.repeat(150)}’` })))._unsafeUnwrap();
      expect(q.message).to.include({ encoding: 'UCS2', segments: 3 });
      const alternative = q.gsm7Alternative!;
      expect(alternative.explanation.characters).to.deep.equal([{ position: 150, character: '’', codePoint: 0x2019, replacement: "'" }]);
      expect(alternative.explanation.gsm7).to.include({ encoding: 'GSM7', segments: 1 });
      // Only the two routable recipients are repriced: 1 segment each, at their own route price and rate.
      expect(alternative.totalSegments).to.equal(2);
      expect(alternative.totalCost.toString()).to.equal('0.009928 USD');
      expect(q.totalCost.toString()).to.equal('0.029783 USD');
      expect(alternative.saving.toString()).to.equal('0.019855 USD');
    });
  });
});
