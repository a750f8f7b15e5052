/** The contract suite every Catalogue implementation must pass. */
import { expect } from 'chai';
import { Money } from '@tuma/kernel';
import { AFRICAN_MARKETS } from '../domain/catalogue/african-markets.data.ts';
import type { Catalogue, CatalogueData } from '../application/catalogue/catalogue.port.ts';
import type { Market } from '../domain/catalogue/market.model.ts';
import type { Route } from '../domain/catalogue/route.model.ts';
import { buildSampleRoutes, SAMPLE_ROUTES } from '../domain/catalogue/sample-routes.data.ts';
import { buildSenderIdFees, SENDER_ID_FEES } from '../domain/catalogue/sender-id-fees.data.ts';

export interface CatalogueFixture {
  /** An empty catalogue: the suite seeds what each test needs. */
  readonly catalogue: Catalogue;
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const DEFAULT_DATA: CatalogueData = { markets: AFRICAN_MARKETS, routes: SAMPLE_ROUTES, senderIdFees: SENDER_ID_FEES };
const NO_DATA: CatalogueData = { markets: [], routes: [], senderIdFees: [] };

const money = (amount: string, currencyCode: string): Money => Money.parse(amount, currencyCode)._unsafeUnwrap();

function marketsOf(...codes: string[]): Market[] {
  return codes.map((code) => {
    const market = AFRICAN_MARKETS.find((m) => m.countryCode === code);
    if (!market) throw new Error(`No market ${code}`);
    return market;
  });
}

function dataFor(...codes: string[]): CatalogueData {
  const markets = marketsOf(...codes);
  return { markets, routes: buildSampleRoutes(markets), senderIdFees: buildSenderIdFees(markets) };
}

function sampleRoute(code: string): Route {
  const route = SAMPLE_ROUTES.find((r) => r.code === code);
  if (!route) throw new Error(`No sample route ${code}`);
  return route;
}

/** A second route for Kenya, for the one-active-route-per-country rule. */
const kenyaBackup = (isActive: boolean): Route => ({ ...sampleRoute('SVC_KE'), code: 'SVC_KE_2', name: 'Kenya Backup', isActive });

export function describeCatalogueContract(name: string, make: () => Promise<CatalogueFixture>): void {
  describe(`Catalogue contract: ${name}`, () => {
    let f: CatalogueFixture;
    let catalogue: Catalogue;
    beforeEach(async () => {
      f = await make();
      catalogue = f.catalogue;
    });

    describe('seeding', () => {
      it('seeds the built-in data and serves it back field for field, in market order', async () => {
        const report = await f.step(() => catalogue.seed(DEFAULT_DATA));
        expect(report).to.deep.equal({ markets: 54, routes: 54, senderIdFees: 54 });
        expect(await f.step(() => catalogue.listMarkets())).to.deep.equal(AFRICAN_MARKETS);
        expect(await f.step(() => catalogue.listRoutes())).to.deep.equal(SAMPLE_ROUTES);
        expect(await f.step(() => catalogue.senderIdFees())).to.deep.equal(SENDER_ID_FEES);
      });

      it('is idempotent: seeding again adds nothing and changes nothing', async () => {
        await f.step(() => catalogue.seed(DEFAULT_DATA));
        expect(await f.step(() => catalogue.seed(DEFAULT_DATA))).to.deep.equal({ markets: 0, routes: 0, senderIdFees: 0 });
        expect(await f.step(() => catalogue.listRoutes())).to.deep.equal(SAMPLE_ROUTES);
        expect(await f.step(() => catalogue.listMarkets())).to.have.length(54);
      });

      it('adds what is missing and never overwrites what exists (operator edits survive)', async () => {
        await f.step(() => catalogue.seed(dataFor('KE', 'UG')));
        (await f.step(() => catalogue.updateRoute('SVC_KE', { pricePerSegment: money('0.95', 'KES') })))._unsafeUnwrap();
        (await f.step(() => catalogue.updateRoute('SVC_UG', { isActive: false })))._unsafeUnwrap();

        const report = await f.step(() => catalogue.seed(DEFAULT_DATA));
        expect(report).to.deep.equal({ markets: 52, routes: 52, senderIdFees: 52 });
        const kenya = await f.step(() => catalogue.findRoute('SVC_KE'));
        expect(kenya?.pricePerSegment.toDecimalString()).to.equal('0.950000');
        expect((await f.step(() => catalogue.findRoute('SVC_UG')))?.isActive).to.equal(false);
        expect(await f.step(() => catalogue.routeForCountry('UG'))).to.equal(undefined);

        const markets = await f.step(() => catalogue.listMarkets());
        expect(markets.map((m) => m.countryCode)).to.have.members(AFRICAN_MARKETS.map((m) => m.countryCode));
        const routes = await f.step(() => catalogue.listRoutes());
        expect(routes.map((r) => r.countryCode), 'routes follow the market order').to.deep.equal(markets.map((m) => m.countryCode));
        const fees = await f.step(() => catalogue.senderIdFees());
        expect(fees.map((fee) => fee.countryCode), 'fees follow the market order').to.deep.equal(markets.map((m) => m.countryCode));
      });

      it('adds a new route inactive when its country already has an active route', async () => {
        await f.step(() => catalogue.seed(dataFor('KE')));
        const report = await f.step(() => catalogue.seed({ ...NO_DATA, routes: [kenyaBackup(true)] }));
        expect(report).to.deep.equal({ markets: 0, routes: 1, senderIdFees: 0 });
        expect((await f.step(() => catalogue.findRoute('SVC_KE_2')))?.isActive).to.equal(false);
        expect((await f.step(() => catalogue.routeForCountry('KE')))?.code).to.equal('SVC_KE');
        expect((await f.step(() => catalogue.listRoutes())).map((r) => r.code)).to.deep.equal(['SVC_KE', 'SVC_KE_2']);
      });

      it('rejects inconsistent data and adds nothing of it', async () => {
        const withUnknownMarket: CatalogueData = { markets: marketsOf('KE'), routes: buildSampleRoutes(marketsOf('KE', 'UG')), senderIdFees: [] };
        let failure: unknown;
        await f.step(() => catalogue.seed(withUnknownMarket)).catch((error: unknown) => (failure = error));
        expect(String(failure)).to.match(/unknown market UG/);

        const twoActive: CatalogueData = { ...dataFor('KE'), routes: [sampleRoute('SVC_KE'), kenyaBackup(true)] };
        failure = undefined;
        await f.step(() => catalogue.seed(twoActive)).catch((error: unknown) => (failure = error));
        expect(String(failure)).to.match(/active route for country KE/);

        expect(await f.step(() => catalogue.listMarkets())).to.deep.equal([]);
        expect(await f.step(() => catalogue.listRoutes())).to.deep.equal([]);
      });
    });

    describe('lookups', () => {
      beforeEach(async () => {
        await f.step(() => catalogue.seed(DEFAULT_DATA));
      });

      it('finds a route by code in any case, active or not', async () => {
        expect((await f.step(() => catalogue.findRoute('svc_ke')))?.code).to.equal('SVC_KE');
        expect(await f.step(() => catalogue.findRoute('SVC_ZW'))).to.deep.equal(sampleRoute('SVC_ZW'));
        expect((await f.step(() => catalogue.findRoute('SVC_ER')))?.isActive).to.equal(false);
        expect(await f.step(() => catalogue.findRoute('SVC_XX'))).to.equal(undefined);
      });

      it('gives the active route of a country, and none for an unrouted or unknown country', async () => {
        expect(await f.step(() => catalogue.routeForCountry('ke'))).to.deep.equal(sampleRoute('SVC_KE'));
        expect(await f.step(() => catalogue.routeForCountry('ER'))).to.equal(undefined);
        expect(await f.step(() => catalogue.routeForCountry('FR'))).to.equal(undefined);
      });

      it('finds markets and sender-ID fees by country code', async () => {
        expect((await f.step(() => catalogue.findMarket('ng')))?.name).to.equal('Nigeria');
        expect(await f.step(() => catalogue.findMarket('EH'))).to.equal(undefined);
        const uganda = await f.step(() => catalogue.findSenderIdFee('ug'));
        expect(uganda).to.deep.equal(SENDER_ID_FEES.find((fee) => fee.countryCode === 'UG'));
        const ghana = await f.step(() => catalogue.findSenderIdFee('GH'));
        expect(ghana?.feeType === 'one_time' && ghana.fee.toDecimalString()).to.equal('150.000000');
        expect((await f.step(() => catalogue.findSenderIdFee('NG')))?.feeType).to.equal('on_request');
        expect(await f.step(() => catalogue.findSenderIdFee('FR'))).to.equal(undefined);
      });
    });

    describe('operator changes to routes', () => {
      beforeEach(async () => {
        await f.step(() => catalogue.seed(DEFAULT_DATA));
      });

      it('changes the price in the route currency, or in a new currency that becomes the route currency', async () => {
        const cheaper = (await f.step(() => catalogue.updateRoute('svc_ke', { pricePerSegment: money('0.85', 'KES') })))._unsafeUnwrap();
        expect(cheaper).to.deep.equal({ ...sampleRoute('SVC_KE'), pricePerSegment: money('0.85', 'KES') });

        const inUsd = (await f.step(() => catalogue.updateRoute('SVC_KE', { pricePerSegment: money('0.006512', 'USD') })))._unsafeUnwrap();
        expect(inUsd.currency).to.equal('USD');
        expect(inUsd.pricePerSegment.toDecimalString()).to.equal('0.006512');

        const stored = await f.step(() => catalogue.findRoute('SVC_KE'));
        expect(stored).to.deep.equal(inUsd);
        expect(await f.step(() => catalogue.routeForCountry('KE'))).to.deep.equal(inUsd);
        expect((await f.step(() => catalogue.listRoutes())).find((r) => r.code === 'SVC_KE')).to.deep.equal(inUsd);
      });

      it('changes name and default sender ID (trimmed) and activation; an inactive route is no country route', async () => {
        const changed = (
          await f.step(() => catalogue.updateRoute('SVC_KE', { name: ' Kenya Premium ', senderIdDefault: ' ACME ', isActive: false }))
        )._unsafeUnwrap();
        expect(changed).to.include({ name: 'Kenya Premium', senderIdDefault: 'ACME', isActive: false });
        expect(await f.step(() => catalogue.routeForCountry('KE'))).to.equal(undefined);
        expect(await f.step(() => catalogue.findRoute('SVC_KE'))).to.deep.equal(changed);

        (await f.step(() => catalogue.updateRoute('SVC_KE', { isActive: true })))._unsafeUnwrap();
        expect(await f.step(() => catalogue.routeForCountry('KE'))).to.deep.equal({ ...changed, isActive: true });
      });

      it('answers not_found for an unknown route', async () => {
        const result = await f.step(() => catalogue.updateRoute('SVC_XX', { isActive: true }));
        expect(result._unsafeUnwrapErr()).to.deep.include({ type: 'not_found', resource: 'route' });
      });

      it('answers validation_error naming every offending field, and changes nothing', async () => {
        const result = await f.step(() =>
          catalogue.updateRoute('SVC_KE', { pricePerSegment: money('0', 'KES'), name: '  ', senderIdDefault: 'TwelveLetter' }),
        );
        const error = result._unsafeUnwrapErr();
        expect(error.type).to.equal('validation_error');
        const paths = error.type === 'validation_error' ? error.details.map((d) => d.path) : [];
        expect(paths).to.have.members(['price_per_segment', 'name', 'sender_id_default']);
        const negative = await f.step(() => catalogue.updateRoute('SVC_KE', { pricePerSegment: money('-1', 'KES') }));
        expect(negative._unsafeUnwrapErr().type).to.equal('validation_error');
        expect(await f.step(() => catalogue.findRoute('SVC_KE'))).to.deep.equal(sampleRoute('SVC_KE'));
      });

      it('keeps at most one active route per country', async () => {
        await f.step(() => catalogue.seed({ ...NO_DATA, routes: [kenyaBackup(false)] }));
        const second = await f.step(() => catalogue.updateRoute('SVC_KE_2', { isActive: true }));
        expect(second._unsafeUnwrapErr()).to.deep.include({ type: 'conflict', resource: 'route' });
        expect((await f.step(() => catalogue.routeForCountry('KE')))?.code).to.equal('SVC_KE');
        expect((await f.step(() => catalogue.findRoute('SVC_KE_2')))?.isActive).to.equal(false);

        (await f.step(() => catalogue.updateRoute('SVC_KE', { isActive: false })))._unsafeUnwrap();
        (await f.step(() => catalogue.updateRoute('SVC_KE_2', { isActive: true })))._unsafeUnwrap();
        expect((await f.step(() => catalogue.routeForCountry('KE')))?.code).to.equal('SVC_KE_2');
        // Changing another field of the active route is no second activation.
        const renamed = await f.step(() => catalogue.updateRoute('SVC_KE_2', { name: 'Kenya Main', isActive: true }));
        expect(renamed._unsafeUnwrap().name).to.equal('Kenya Main');
      });

      it('lets exactly one of two concurrent activations in a country win', async () => {
        const kenyaThird: Route = { ...kenyaBackup(false), code: 'SVC_KE_3', name: 'Kenya Third' };
        await f.step(() => catalogue.seed({ ...NO_DATA, routes: [kenyaBackup(false), kenyaThird] }));
        (await f.step(() => catalogue.updateRoute('SVC_KE', { isActive: false })))._unsafeUnwrap();
        const outcomes = await Promise.all(
          ['SVC_KE_2', 'SVC_KE_3'].map((code) => f.step(() => catalogue.updateRoute(code, { isActive: true }))),
        );
        expect(outcomes.filter((outcome) => outcome.isOk())).to.have.length(1);
        expect(outcomes.filter((outcome) => outcome.isErr()).map((outcome) => outcome._unsafeUnwrapErr().type)).to.deep.equal(['conflict']);
        const active = (await f.step(() => catalogue.listRoutes())).filter((r) => r.countryCode === 'KE' && r.isActive);
        expect(active).to.have.length(1);
      });
    });
  });
}
export { describeOptOutListContract, type OptOutListFixture } from './opt-out-list.contract.ts';
export { describeTemplateRepositoryContract, type TemplateRepositoryFixture } from './template-repository.contract.ts';
export { describeSenderIdRepositoryContract, type SenderIdRepositoryFixture } from './sender-id-contracts.ts';
export { describeCarrierGatewayContract, type CarrierGatewayFixture } from './carrier-gateway.contract.ts';
export { describeContactListRepositoryContract, type ContactListRepositoryFixture } from './contact-list-repository.contract.ts';
export { describeMessageRepositoryContract, type MessageRepositoryFixture } from './message-repository.contract.ts';
export { describeInboundMessageRepositoryContract, outboundMessage, type InboundMessageRepositoryFixture } from './inbound-message-repository.contract.ts';
export { describeMessageReportsContract, plain, reportMessage, type MessageReportsFixture, type ReportMessageSpec } from './message-reports.contract.ts';
export { describeWebhookConfigRepositoryContract, type WebhookConfigRepositoryFixture } from './webhook-config-repository.contract.ts';
export { webhookWorld, type WebhookWorld } from './webhook-world.ts';
export { FIXTURE_TIME, outboundMessageFixture } from './outbound-message.fixture.ts';
export { describeQuietHoursStoresContract, type QuietHoursStoresFixture } from './quiet-hours-contracts.ts';
