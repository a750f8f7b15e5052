import { currency, Money } from '@tuma/kernel';
import { expect } from 'chai';
import { AFRICAN_MARKETS, SAMPLE_ROUTES, type Market, type Route } from '@tuma/messaging';
import { toCoverage, toPricing, toPricingEntry, toRouteView, toSenderIdFeesView } from '../src/apis/sms/catalogue-views.ts';

const KES = currency('KES');

const kenyaRoute: Route = {
  code: 'SVC_KE',
  name: 'Kenya Direct',
  countryCode: 'KE',
  countryName: 'Kenya',
  currency: KES,
  pricePerSegment: Money.parse('0.80', 'KES')._unsafeUnwrap(),
  senderIdDefault: 'Tuma',
  isActive: true,
};

function marketOf(countryCode: string): Market {
  const market = AFRICAN_MARKETS.find((m) => m.countryCode === countryCode);
  if (!market) throw new Error(`No market ${countryCode}`);
  return market;
}

describe('catalogue views', () => {
  describe('toRouteView', () => {
    it('renders the spec Route with the price as a number in the route currency', () => {
      expect(toRouteView(kenyaRoute)).to.deep.equal({
        code: 'SVC_KE',
        name: 'Kenya Direct',
        country_code: 'KE',
        country_name: 'Kenya',
        currency: 'KES',
        price_per_segment: 0.8,
        sender_id_default: 'Tuma',
        is_active: true,
      });
    });

    it('keeps sub-cent prices exactly', () => {
      const route = { ...kenyaRoute, currency: currency('USD'), pricePerSegment: Money.parse('0.0345', 'USD')._unsafeUnwrap() };
      expect(toRouteView(route).price_per_segment).to.equal(0.0345);
    });
  });

  describe('toPricingEntry / toPricing', () => {
    it('renders the spec pricing entry', () => {
      expect(toPricingEntry(kenyaRoute)).to.deep.equal({
        route_code: 'SVC_KE',
        country_code: 'KE',
        country_name: 'Kenya',
        currency: 'KES',
        price_per_segment: 0.8,
        sender_id: 'Tuma',
      });
    });

    it('lists active routes only', () => {
      const pricing = toPricing(SAMPLE_ROUTES);
      const active = SAMPLE_ROUTES.filter((r) => r.isActive);
      expect(pricing.map((p) => p.route_code)).to.deep.equal(active.map((r) => r.code));
      expect(pricing.length).to.be.lessThan(SAMPLE_ROUTES.length);
    });
  });

  describe('toCoverage', () => {
    const coverage = toCoverage(AFRICAN_MARKETS, SAMPLE_ROUTES);

    it('counts all 54 markets and the supported ones (those with an active route)', () => {
      expect(coverage.total).to.equal(54);
      expect(coverage.countries).to.have.length(54);
      expect(coverage.supported).to.equal(SAMPLE_ROUTES.filter((r) => r.isActive).length);
      expect(coverage.supported).to.be.lessThan(coverage.total);
      expect(coverage.countries.filter((c) => c.supported)).to.have.length(coverage.supported);
    });

    it('has the spec fields, in the spec order, for a supported market', () => {
      const ke = coverage.countries.find((c) => c.country_code === 'KE');
      expect(Object.keys(ke ?? {})).to.deep.equal([
        'country_code', 'country_name', 'networks', 'currency', 'supported', 'route_code', 'price_per_segment',
        'price_currency', 'sender_id_registration', 'sender_id_free', 'regulator', 'promo_note', 'rules',
        'otp_available', 'two_way',
      ]);
      expect(ke).to.include({
        country_name: 'Kenya',
        currency: 'KES',
        supported: true,
        route_code: 'SVC_KE',
        price_per_segment: 0.8,
        price_currency: 'KES',
        sender_id_registration: true,
        sender_id_free: false,
        otp_available: true,
        two_way: true,
      });
    });

    it('shows the route currency as price_currency where it differs from the market currency', () => {
      const zw = coverage.countries.find((c) => c.country_code === 'ZW');
      expect(zw).to.include({ currency: 'ZWG', supported: true, price_currency: 'USD' });
    });

    it('leaves the route fields out, and offers no OTP or two-way, where a market is unsupported', () => {
      const unsupported = coverage.countries.filter((c) => !c.supported);
      expect(unsupported.length).to.equal(coverage.total - coverage.supported);
      for (const entry of unsupported) {
        expect(entry, entry.country_code).to.not.have.any.keys('route_code', 'price_per_segment', 'price_currency');
        expect(entry.otp_available, entry.country_code).to.equal(false);
        expect(entry.two_way, entry.country_code).to.equal(false);
      }
    });

    it('uses the active route when a market also has an inactive one, and none when all are inactive', () => {
      const inactiveKenya: Route = { ...kenyaRoute, code: 'SVC_KE_OLD', isActive: false };
      const inactiveUganda: Route = { ...kenyaRoute, code: 'SVC_UG', countryCode: 'UG', countryName: 'Uganda', isActive: false };
      const view = toCoverage([marketOf('KE'), marketOf('UG')], [inactiveKenya, kenyaRoute, inactiveUganda]);
      expect(view).to.include({ total: 2, supported: 1 });
      expect(view.countries[0]).to.include({ supported: true, route_code: 'SVC_KE' });
      expect(view.countries[1]).to.include({ supported: false });
    });

    it('copies lists so that callers cannot change the catalogue through the view', () => {
      const ke = coverage.countries.find((c) => c.country_code === 'KE');
      ke?.networks.push('Changed');
      expect(marketOf('KE').networks).to.not.include('Changed');
    });
  });

  describe('toSenderIdFeesView', () => {
    const view = toSenderIdFeesView();
    const entry = (code: string) => view.countries.find((c) => c.country_code === code);

    it('is in USD with one entry per market', () => {
      expect(view.currency).to.equal('USD');
      expect(view.countries).to.have.length(54);
    });

    it('charges USD 150 one time, covering all networks, in the six flat-fee countries', () => {
      for (const code of ['CM', 'DJ', 'EG', 'GH', 'SO', 'TZ']) {
        expect(entry(code), code).to.deep.include({ fee_usd: 150, fee_type: 'one_time', covers: 'all_networks', fee_table: null });
      }
      expect(view.countries.filter((c) => c.fee_type === 'one_time')).to.have.length(6);
    });

    it('gives Kenya one-off setup fees per network with no recurring fee', () => {
      const ke = entry('KE');
      expect(ke).to.include({ fee_usd: null, fee_type: 'per_network', covers: null });
      const table = ke?.fee_table ?? [];
      const networks = table.map(([network]) => network);
      expect(networks.some((n) => n.includes('Safaricom') && n.includes('Airtel') && n.includes('+'))).to.equal(true);
      expect(networks).to.include.members(['Safaricom', 'Airtel']);
      // The spec's two smaller-network rows: Telkom and Equitel, each on its own (no bundle price is published).
      expect(networks).to.include.members(['Telkom', 'Equitel']);
      for (const [network, setup, recurring] of table) {
        expect(setup, network).to.be.a('number').greaterThan(0);
        expect(recurring, network).to.equal(0);
      }
    });

    it('gives Uganda MTN a monthly fee without setup and Airtel a setup fee without recurring fee', () => {
      const ug = entry('UG');
      expect(ug).to.include({ fee_usd: null, fee_type: 'per_network', covers: null });
      const row = (name: string) => ug?.fee_table?.find(([network]) => network === name);
      const [, mtnSetup, mtnRecurring] = row('MTN') ?? [];
      const [, airtelSetup, airtelRecurring] = row('Airtel') ?? [];
      expect(mtnSetup).to.equal(0);
      expect(mtnRecurring).to.be.a('number').greaterThan(0);
      expect(airtelSetup).to.be.a('number').greaterThan(0);
      expect(airtelRecurring).to.equal(0);
      expect(ug?.note).to.contain('monthly');
    });

    it('leaves every other market on request, with no fee or table', () => {
      const others = view.countries.filter((c) => !['CM', 'DJ', 'EG', 'GH', 'SO', 'TZ', 'KE', 'UG'].includes(c.country_code));
      expect(others).to.have.length(46);
      for (const c of others) {
        expect(c, c.country_code).to.deep.include({ fee_usd: null, fee_type: 'on_request', covers: null, fee_table: null });
        expect(c.note, c.country_code).to.equal('Fee confirmed during onboarding.');
      }
    });

    it('survives a JSON round trip unchanged (plain numbers, no Money or bigint inside)', () => {
      expect(JSON.parse(JSON.stringify(view))).to.deep.equal(view);
      const coverage = toCoverage(AFRICAN_MARKETS, SAMPLE_ROUTES);
      expect(JSON.parse(JSON.stringify(coverage))).to.deep.equal(coverage);
    });
  });
});
