import { expect } from 'chai';
import { AFRICAN_MARKETS, parseSenderIdCountries, SenderIdName } from '../src/index.ts';

const MARKETS = new Set(AFRICAN_MARKETS.map((market) => market.countryCode));

describe('SenderIdName', () => {
  it('takes 1 to 11 letters, digits, spaces and & - . _ with at least one letter, trimmed, case kept', () => {
    for (const name of ['ACME', 'Acme Shop', 'M-PESA', 'A&B', 'Shop.co', 'my_bank', 'X', 'BANK2024', 'ABCDEFGHIJK']) {
      expect(SenderIdName.create(name)._unsafeUnwrap().value, name).to.equal(name);
    }
    expect(SenderIdName.create('  ACME ')._unsafeUnwrap().value).to.equal('ACME');
    expect(SenderIdName.create('Acme')._unsafeUnwrap().equals(SenderIdName.create('ACME')._unsafeUnwrap())).to.equal(false);
  });

  it('refuses blank, over-long, numeric-only and out-of-alphabet names, naming the field and why', () => {
    const refusal = (name: string) => {
      const error = SenderIdName.create(name)._unsafeUnwrapErr();
      expect(error.details.map((d) => d.path), name).to.deep.equal(['name']);
      return error.message;
    };
    expect(refusal('   ')).to.match(/blank/);
    expect(refusal('ABCDEFGHIJKL')).to.match(/11 characters/);
    expect(refusal('25471234567')).to.match(/at least one letter/);
    expect(refusal('12 34')).to.match(/at least one letter/);
    for (const name of ['ACME!', 'Café', 'A/B', 'A+B', 'TAB\tX', 'ЯНДЕКС', 'A😀']) expect(refusal(name), name).to.match(/Only letters/);
  });
});

describe('parseSenderIdCountries', () => {
  it('upper-cases, trims and deduplicates in the order given', () => {
    expect(parseSenderIdCountries(['ke', ' GH', 'KE', 'tz', 'gh'], MARKETS)._unsafeUnwrap()).to.deep.equal(['KE', 'GH', 'TZ']);
    expect(parseSenderIdCountries([...MARKETS], MARKETS)._unsafeUnwrap()).to.have.length(54);
  });

  it('names every bad entry: not alpha-2, not one of our markets; and refuses none or more than 54', () => {
    const issues = parseSenderIdCountries(['KE', 'FR', 'KEN', '', 'EH'], MARKETS)._unsafeUnwrapErr();
    expect(issues.map((i) => i.path)).to.deep.equal(['countries.1', 'countries.2', 'countries.3', 'countries.4']);
    expect(issues[0]!.message).to.equal('Not one of our markets: FR');
    expect(issues[1]!.message).to.match(/alpha-2/);
    expect(parseSenderIdCountries([], MARKETS)._unsafeUnwrapErr()).to.deep.equal([{ path: 'countries', message: 'Name at least one country' }]);
    expect(parseSenderIdCountries(Array(55).fill('KE'), MARKETS)._unsafeUnwrapErr()[0]!.message).to.match(/At most 54/);
  });
});
