import { isCurrencyCode } from '@tuma/kernel';
import { expect } from 'chai';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { AFRICAN_MARKETS, routeCodeFor, SAMPLE_ROUTES, SENDER_ID_FEES, type Market } from '../src/catalogue.ts';

function marketOf(countryCode: string): Market {
  const market = AFRICAN_MARKETS.find((m) => m.countryCode === countryCode);
  if (!market) throw new Error(`No market ${countryCode}`);
  return market;
}

describe('catalogue data: African markets', () => {
  it('has exactly the 54 African UN member states, each once', () => {
    const codes = AFRICAN_MARKETS.map((m) => m.countryCode);
    expect(codes).to.have.length(54);
    expect(new Set(codes).size).to.equal(54);
    for (const code of codes) expect(code).to.match(/^[A-Z]{2}$/);
    expect(codes).to.include.members(['MA', 'SS', 'ER', 'SO', 'CV', 'ST', 'SZ']);
    // Western Sahara and territories are not separate markets.
    expect(codes).to.not.include.members(['EH', 'RE', 'YT', 'SH', 'IO']);
  });

  it('lists markets in English alphabetical order', () => {
    const names = AFRICAN_MARKETS.map((m) => m.name);
    expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has the ITU calling code of each country (checked against libphonenumber), all distinct', () => {
    for (const market of AFRICAN_MARKETS) {
      const code = market.countryCode;
      if (!isSupportedCountry(code)) expect.fail(`libphonenumber does not know ${code}`);
      expect(market.callingCode, code).to.equal(getCountryCallingCode(code));
    }
    expect(new Set(AFRICAN_MARKETS.map((m) => m.callingCode)).size).to.equal(54);
  });

  it('uses valid ISO 4217 currencies', () => {
    for (const market of AFRICAN_MARKETS) expect(isCurrencyCode(market.currency), market.countryCode).to.equal(true);
  });

  it('uses the current currency codes after recent redenominations', () => {
    const expected: Record<string, string> = {
      SL: 'SLE', MR: 'MRU', ST: 'STN', ZW: 'ZWG', GH: 'GHS', ZM: 'ZMW', MZ: 'MZN', MG: 'MGA', ER: 'ERN',
      SS: 'SSP', DJ: 'DJF', KM: 'KMF', CV: 'CVE', SC: 'SCR', MU: 'MUR', MW: 'MWK', LS: 'LSL', SZ: 'SZL',
      NA: 'NAD', BW: 'BWP', BI: 'BIF', RW: 'RWF', GN: 'GNF', GM: 'GMD', LR: 'LRD', KE: 'KES', NG: 'NGN',
      ZA: 'ZAR', EG: 'EGP', ET: 'ETB', SD: 'SDG', CD: 'CDF',
    };
    for (const [code, currency] of Object.entries(expected)) expect(marketOf(code).currency, code).to.equal(currency);
  });

  it('puts exactly the WAEMU states on XOF and the CEMAC states on XAF', () => {
    const on = (currency: string) => AFRICAN_MARKETS.filter((m) => m.currency === currency).map((m) => m.countryCode).sort();
    expect(on('XOF')).to.deep.equal(['BF', 'BJ', 'CI', 'GW', 'ML', 'NE', 'SN', 'TG']);
    expect(on('XAF')).to.deep.equal(['CF', 'CG', 'CM', 'GA', 'GQ', 'TD']);
  });

  it('gives every market networks, a regulator and compliance rules', () => {
    for (const market of AFRICAN_MARKETS) {
      expect(market.networks.length, market.countryCode).to.be.greaterThan(0);
      expect(new Set(market.networks).size, market.countryCode).to.equal(market.networks.length);
      expect(market.regulator.trim(), market.countryCode).to.not.equal('');
      expect(market.rules.length, market.countryCode).to.be.greaterThan(0);
    }
  });

  it('never calls a sender ID free where registration is required', () => {
    for (const market of AFRICAN_MARKETS) {
      if (market.senderIdRegistration) expect(market.senderIdFree, market.countryCode).to.equal(false);
    }
  });

  describe('spot checks of real market facts', () => {
    it('Kenya', () => {
      const ke = marketOf('KE');
      expect(ke.currency).to.equal('KES');
      expect(ke.callingCode).to.equal('254');
      expect(ke.regulator).to.contain('Communications Authority');
      expect(ke.networks).to.include.members(['Safaricom', 'Airtel Kenya', 'Telkom Kenya']);
      expect(ke.senderIdRegistration).to.equal(true);
    });

    it('Nigeria', () => {
      const ng = marketOf('NG');
      expect(ng.networks).to.include.members(['MTN Nigeria', 'Airtel Nigeria', 'Globacom']);
      expect(ng.networks.some((n) => n.includes('9mobile'))).to.equal(true);
      expect(ng.regulator).to.contain('Nigerian Communications Commission (NCC)');
      expect(ng.promoNote).to.contain('2442');
    });

    it('Egypt', () => {
      const eg = marketOf('EG');
      expect(eg.regulator).to.contain('NTRA');
      expect(eg.callingCode).to.equal('20');
      expect(eg.networks).to.include.members(['Vodafone Egypt', 'Orange Egypt']);
      expect(eg.networks.some((n) => n.startsWith('e& Egypt'))).to.equal(true);
      expect(eg.networks.some((n) => n.startsWith('WE'))).to.equal(true);
    });

    it('East Africa: Ethiopia, Tanzania, Uganda', () => {
      expect(marketOf('ET').networks).to.include.members(['Ethio telecom', 'Safaricom Ethiopia']);
      expect(marketOf('TZ').regulator).to.contain('TCRA');
      expect(marketOf('TZ').networks.some((n) => n.startsWith('Yas'))).to.equal(true);
      expect(marketOf('TZ').networks.some((n) => n.startsWith('Tigo'))).to.equal(false);
      expect(marketOf('UG').regulator).to.contain('Uganda Communications Commission');
    });

    it('West Africa: Ghana, Senegal, Côte d’Ivoire', () => {
      expect(marketOf('GH').regulator).to.contain('National Communications Authority');
      expect(marketOf('GH').networks).to.include('Telecel Ghana');
      expect(marketOf('SN').regulator).to.contain('ARTP');
      expect(marketOf('SN').networks.some((n) => n.startsWith('Yas'))).to.equal(true);
      expect(marketOf('CI').regulator).to.contain('ARTCI');
    });

    it('North and Southern Africa: Morocco, South Africa', () => {
      expect(marketOf('MA').regulator).to.contain('ANRT');
      expect(marketOf('ZA').regulator).to.contain('ICASA');
      expect(marketOf('ZA').callingCode).to.equal('27');
    });
  });
});

describe('catalogue data: sample routes', () => {
  it('has one route per market, coded SVC_<CC> after its market', () => {
    expect(SAMPLE_ROUTES).to.have.length(AFRICAN_MARKETS.length);
    AFRICAN_MARKETS.forEach((market, i) => {
      const route = SAMPLE_ROUTES[i];
      expect(route?.code).to.equal(`SVC_${market.countryCode}`);
      expect(route?.code).to.equal(routeCodeFor(market.countryCode));
      expect(route?.countryCode).to.equal(market.countryCode);
      expect(route?.countryName).to.equal(market.name);
      expect(route?.name).to.equal(`${market.name} Direct`);
    });
  });

  it('prices every route above zero in a valid currency: the local one, or USD/EUR', () => {
    for (const route of SAMPLE_ROUTES) {
      const market = AFRICAN_MARKETS.find((m) => m.countryCode === route.countryCode);
      expect(route.pricePerSegment.isPositive(), route.code).to.equal(true);
      expect(route.pricePerSegment.currency, route.code).to.equal(route.currency);
      expect(isCurrencyCode(route.currency), route.code).to.equal(true);
      expect([market?.currency, 'USD', 'EUR'], route.code).to.include(route.currency);
    }
  });

  it('prices Zimbabwe in USD while the market currency stays ZWG', () => {
    expect(SAMPLE_ROUTES.find((r) => r.countryCode === 'ZW')?.currency).to.equal('USD');
    expect(marketOf('ZW').currency).to.equal('ZWG');
  });

  it('has a valid default sender ID on every route (1 to 11 characters)', () => {
    for (const route of SAMPLE_ROUTES) expect(route.senderIdDefault.length, route.code).to.be.within(1, 11);
  });

  it('routes a realistic majority of markets, with some inactive', () => {
    const active = SAMPLE_ROUTES.filter((r) => r.isActive).length;
    expect(active).to.be.within(40, 50);
    expect(active).to.be.lessThan(SAMPLE_ROUTES.length);
    expect(SAMPLE_ROUTES.find((r) => r.countryCode === 'KE')?.isActive).to.equal(true);
  });
});

describe('catalogue data: sender-ID fees', () => {
  const typeOf = (code: string) => SENDER_ID_FEES.find((f) => f.countryCode === code)?.feeType;

  it('has one entry per market, in market order', () => {
    expect(SENDER_ID_FEES.map((f) => f.countryCode)).to.deep.equal(AFRICAN_MARKETS.map((m) => m.countryCode));
  });

  it('charges the flat fee in exactly Cameroon, Djibouti, Egypt, Ghana, Somalia and Tanzania', () => {
    const flat = SENDER_ID_FEES.filter((f) => f.feeType === 'one_time').map((f) => f.countryCode).sort();
    expect(flat).to.deep.equal(['CM', 'DJ', 'EG', 'GH', 'SO', 'TZ']);
  });

  it('uses per-network tables for Kenya (KES) and Uganda (UGX) only', () => {
    const perNetwork = SENDER_ID_FEES.filter((f) => f.feeType === 'per_network');
    expect(perNetwork.map((f) => f.countryCode).sort()).to.deep.equal(['KE', 'UG']);
    for (const fee of perNetwork) {
      if (fee.feeType !== 'per_network') continue;
      const expectedCurrency = fee.countryCode === 'KE' ? 'KES' : 'UGX';
      expect(fee.currency).to.equal(expectedCurrency);
      for (const row of fee.table) {
        expect(row.setup.currency).to.equal(expectedCurrency);
        expect(row.recurring.currency).to.equal(expectedCurrency);
      }
    }
    expect(typeOf('NG')).to.equal('on_request');
    expect(typeOf('ZA')).to.equal('on_request');
  });

  it('never calls a sender ID free in a market with a published fee', () => {
    for (const fee of SENDER_ID_FEES) {
      if (fee.feeType !== 'on_request') expect(marketOf(fee.countryCode).senderIdFree, fee.countryCode).to.equal(false);
    }
  });
});
