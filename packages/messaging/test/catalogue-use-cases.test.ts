import { expect } from 'chai';
import { GetCoverage, GetRoute, GetSenderIdFees, ListPricing, ListRoutes, SAMPLE_ROUTES, SeedCatalogue, UpdateRoute, type CatalogueData } from '../src/catalogue.ts';
import { InMemoryCatalogue } from '../src/testing/index.ts';

const pathsOf = (error: { type: string }): string[] =>
  'details' in error ? (error.details as { path: string }[]).map((detail) => detail.path) : [];

describe('catalogue use cases', () => {
  let catalogue: InMemoryCatalogue;
  let updateRoute: UpdateRoute;
  beforeEach(() => {
    catalogue = new InMemoryCatalogue();
    updateRoute = new UpdateRoute(catalogue);
  });

  describe('UpdateRoute', () => {
    it('prices in the route currency when no currency is given, from a number or a decimal string', async () => {
      const fromNumber = (await updateRoute.execute({ code: 'svc_ke', pricePerSegment: 0.85 }))._unsafeUnwrap();
      expect(fromNumber.pricePerSegment.toString()).to.equal('0.850000 KES');
      const fromString = (await updateRoute.execute({ code: 'SVC_KE', pricePerSegment: ' 0.000001 ' }))._unsafeUnwrap();
      expect(fromString.pricePerSegment.toString()).to.equal('0.000001 KES');
    });

    it('takes a new currency with a price, and accepts the current currency alone', async () => {
      const moved = (await updateRoute.execute({ code: 'SVC_KE', pricePerSegment: '0.0065', currency: 'usd' }))._unsafeUnwrap();
      expect(moved).to.include({ currency: 'USD' });
      const same = (await updateRoute.execute({ code: 'SVC_KE', currency: 'USD', name: 'Kenya via USD' }))._unsafeUnwrap();
      expect(same).to.include({ currency: 'USD', name: 'Kenya via USD' });
      expect(same.pricePerSegment.toDecimalString()).to.equal('0.006500');
    });

    it('refuses a new currency without a price: the amount would change meaning', async () => {
      const error = (await updateRoute.execute({ code: 'SVC_KE', currency: 'USD' }))._unsafeUnwrapErr();
      expect(error.type).to.equal('validation_error');
      expect(pathsOf(error)).to.deep.equal(['currency']);
      expect((await catalogue.findRoute('SVC_KE'))?.currency).to.equal('KES');
    });

    it('names every offending field at once, with a message listing them', async () => {
      const error = (
        await updateRoute.execute({ code: 'SVC_KE', pricePerSegment: '1.2345678', currency: 'XYZ', senderIdDefault: 'x'.repeat(12), name: '' })
      )._unsafeUnwrapErr();
      expect(pathsOf(error)).to.have.members(['price_per_segment', 'currency', 'sender_id_default', 'name']);
      expect(error.message).to.contain('currency: Not an ISO 4217 currency code: XYZ');
      expect(error.message).to.contain('price_per_segment: At most 6 decimal places are allowed');
    });

    it('refuses prices that are not positive decimals below the limit', async () => {
      for (const price of [0, -0.5, '-1', 'abc', '1e3', Number.NaN, '1000000000']) {
        const error = (await updateRoute.execute({ code: 'SVC_KE', pricePerSegment: price }))._unsafeUnwrapErr();
        expect(pathsOf(error), String(price)).to.deep.equal(['price_per_segment']);
      }
      const justBelow = await updateRoute.execute({ code: 'SVC_KE', pricePerSegment: '999999999.999999' });
      expect(justBelow.isOk()).to.equal(true);
    });

    it('refuses an empty change and an unknown route', async () => {
      expect(pathsOf((await updateRoute.execute({ code: 'SVC_KE' }))._unsafeUnwrapErr())).to.deep.equal(['']);
      expect((await updateRoute.execute({ code: 'SVC_XX', isActive: true }))._unsafeUnwrapErr()).to.deep.include({
        type: 'not_found',
        resource: 'route',
        id: 'SVC_XX',
      });
    });
  });

  describe('reads', () => {
    it('serve what the catalogue holds, changes included', async () => {
      (await updateRoute.execute({ code: 'SVC_KE', isActive: false }))._unsafeUnwrap();
      const routes = (await new ListRoutes(catalogue).execute())._unsafeUnwrap();
      expect(routes).to.have.length(54);
      expect(routes.find((r) => r.code === 'SVC_KE')?.isActive).to.equal(false);
      expect((await new GetRoute(catalogue).execute({ code: 'svc_ke' }))._unsafeUnwrap().isActive).to.equal(false);
      expect((await new GetRoute(catalogue).execute({ code: 'SVC_XX' }))._unsafeUnwrapErr().type).to.equal('not_found');
      const pricing = (await new ListPricing(catalogue).execute())._unsafeUnwrap();
      expect(pricing).to.have.length(SAMPLE_ROUTES.filter((r) => r.isActive).length - 1);
      const coverage = (await new GetCoverage(catalogue).execute())._unsafeUnwrap();
      expect(coverage.countries.find((c) => c.market.countryCode === 'KE')?.route).to.equal(undefined);
      expect((await new GetSenderIdFees(catalogue).execute())._unsafeUnwrap()).to.have.length(54);
    });
  });

  describe('SeedCatalogue', () => {
    it('seeds the built-in data once', async () => {
      const empty: CatalogueData = { markets: [], routes: [], senderIdFees: [] };
      const seed = new SeedCatalogue(new InMemoryCatalogue(empty));
      expect((await seed.execute())._unsafeUnwrap()).to.deep.equal({ markets: 54, routes: 54, senderIdFees: 54 });
      expect((await seed.execute())._unsafeUnwrap()).to.deep.equal({ markets: 0, routes: 0, senderIdFees: 0 });
    });
  });
});
