import { expect } from 'chai';
import { AFRICAN_MARKETS, buildSampleRoutes, buildSenderIdFees, type CatalogueData, type Market } from '../src/catalogue.ts';
import { InMemoryCatalogue } from '../src/testing/index.ts';

function marketsOf(...codes: string[]): Market[] {
  return codes.map((code) => {
    const market = AFRICAN_MARKETS.find((m) => m.countryCode === code);
    if (!market) throw new Error(`No market ${code}`);
    return market;
  });
}

function dataFor(markets: readonly Market[]): CatalogueData {
  return { markets, routes: buildSampleRoutes(markets), senderIdFees: buildSenderIdFees(markets) };
}

describe('InMemoryCatalogue', () => {
  describe('with the built-in data', () => {
    const catalogue = new InMemoryCatalogue();

    it('lists the 54 markets and one route per market', async () => {
      expect(await catalogue.listMarkets()).to.have.length(54);
      const routes = await catalogue.listRoutes();
      expect(routes).to.have.length(54);
      expect(routes.map((r) => r.countryCode)).to.deep.equal(AFRICAN_MARKETS.map((m) => m.countryCode));
    });

    it('finds a route by code in any case, active or not', async () => {
      expect((await catalogue.findRoute('SVC_KE'))?.countryCode).to.equal('KE');
      expect((await catalogue.findRoute('svc_ke'))?.code).to.equal('SVC_KE');
      const eritrea = await catalogue.findRoute('SVC_ER');
      expect(eritrea?.isActive).to.equal(false);
      expect(await catalogue.findRoute('SVC_XX')).to.equal(undefined);
    });

    it('gives the active route for a country and none for a country without one', async () => {
      const kenya = await catalogue.routeForCountry('ke');
      expect(kenya).to.include({ code: 'SVC_KE', isActive: true });
      expect(kenya?.pricePerSegment.toDecimalString()).to.equal('0.800000');
      expect(await catalogue.routeForCountry('ER')).to.equal(undefined);
      expect(await catalogue.routeForCountry('FR')).to.equal(undefined);
    });

    it('finds markets and sender-ID fees by country code', async () => {
      expect((await catalogue.findMarket('ng'))?.name).to.equal('Nigeria');
      expect(await catalogue.findMarket('EH')).to.equal(undefined);
      expect(await catalogue.senderIdFees()).to.have.length(54);
      expect((await catalogue.findSenderIdFee('ug'))?.feeType).to.equal('per_network');
      expect((await catalogue.findSenderIdFee('GH'))?.feeType).to.equal('one_time');
      expect((await catalogue.findSenderIdFee('NG'))?.feeType).to.equal('on_request');
    });
  });

  describe('with data given by the caller', () => {
    it('serves only that data', async () => {
      const catalogue = new InMemoryCatalogue(dataFor(marketsOf('KE', 'UG')));
      expect((await catalogue.listMarkets()).map((m) => m.countryCode)).to.deep.equal(['KE', 'UG']);
      expect((await catalogue.listRoutes()).map((r) => r.code)).to.deep.equal(['SVC_KE', 'SVC_UG']);
      expect(await catalogue.findMarket('TZ')).to.equal(undefined);
    });

    it('rejects duplicate markets', () => {
      const markets = marketsOf('KE');
      const data = { ...dataFor(markets), markets: [...markets, ...markets] };
      expect(() => new InMemoryCatalogue(data)).to.throw(/Duplicate market KE/);
    });

    it('rejects two active routes for one country', () => {
      const data = dataFor(marketsOf('KE'));
      const [kenya] = data.routes;
      if (!kenya) throw new Error('expected a Kenya route');
      const second = { ...kenya, code: 'SVC_KE_2' };
      expect(() => new InMemoryCatalogue({ ...data, routes: [kenya, second] })).to.throw(/active route for country KE/);
    });

    it('rejects routes and fees for markets it does not have', () => {
      const withRoutesForUganda = { ...dataFor(marketsOf('KE')), routes: buildSampleRoutes(marketsOf('KE', 'UG')) };
      expect(() => new InMemoryCatalogue(withRoutesForUganda)).to.throw(/unknown market UG/);
      const withFeesForUganda = { ...dataFor(marketsOf('KE')), senderIdFees: buildSenderIdFees(marketsOf('KE', 'UG')) };
      expect(() => new InMemoryCatalogue(withFeesForUganda)).to.throw(/unknown market UG/);
    });
  });
});
