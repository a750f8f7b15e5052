import { UniqueConstraintViolationException, type InferEntity } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, currency, err, notFound, ok, type Result } from '@tuma/kernel';
import {
  inMarketOrder,
  planCatalogueSeed,
  reviseRoute,
  secondActiveRoute,
  seedReportOf,
  type Catalogue,
  type CatalogueData,
  type CatalogueSeedReport,
  type Market,
  type NetworkSenderIdFee,
  type Route,
  type RouteChanges,
  type RouteUpdateError,
  type SenderIdFee,
} from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';
import { MarketRecord } from './market.entity.ts';
import { RouteRecord } from './route.entity.ts';
import { SenderIdFeeRecord, type SenderIdFeeTableRow } from './sender-id-fee.entity.ts';

type MarketRow = InferEntity<typeof MarketRecord>;
type RouteRow = InferEntity<typeof RouteRecord>;
type FeeRow = InferEntity<typeof SenderIdFeeRecord>;

const normalize = (code: string): string => code.trim().toUpperCase();


const marketToDomain = (row: MarketRow): Market => ({
  countryCode: row.countryCode,
  name: row.name,
  callingCode: row.callingCode,
  currency: currency(row.currency),
  networks: [...row.networks],
  regulator: row.regulator,
  senderIdRegistration: row.senderIdRegistration,
  senderIdFree: row.senderIdFree,
  promoNote: row.promoNote ?? null,
  rules: [...row.rules],
  otpAvailable: row.otpAvailable,
  twoWay: row.twoWay,
});

const marketToRecord = (market: Market, position: number): MarketRow => ({
  countryCode: market.countryCode,
  name: market.name,
  callingCode: market.callingCode,
  currency: market.currency,
  networks: [...market.networks],
  regulator: market.regulator,
  senderIdRegistration: market.senderIdRegistration,
  senderIdFree: market.senderIdFree,
  promoNote: market.promoNote,
  rules: [...market.rules],
  otpAvailable: market.otpAvailable,
  twoWay: market.twoWay,
  position,
});

function routeToDomain(row: RouteRow, countryName: string): Route {
  const pricePerSegment = storedMoney(row.pricePerSegment, row.currency, `price of route ${row.code} in the catalogue`);
  return {
    code: row.code,
    name: row.name,
    countryCode: row.countryCode,
    countryName,
    currency: pricePerSegment.currency,
    pricePerSegment,
    senderIdDefault: row.senderIdDefault,
    isActive: row.isActive,
  };
}

const routeToRecord = (route: Route): RouteRow => ({
  code: route.code,
  name: route.name,
  countryCode: route.countryCode,
  currency: route.currency,
  pricePerSegment: route.pricePerSegment.toDecimalString(),
  senderIdDefault: route.senderIdDefault,
  isActive: route.isActive,
});

/** Only the columns an operator's change touches: concurrent edits of other fields are kept. */
function changedColumns(changes: RouteChanges, revised: Route): Partial<RouteRow> {
  return {
    ...(changes.name !== undefined ? { name: revised.name } : {}),
    ...(changes.pricePerSegment !== undefined
      ? { pricePerSegment: revised.pricePerSegment.toDecimalString(), currency: revised.currency }
      : {}),
    ...(changes.senderIdDefault !== undefined ? { senderIdDefault: revised.senderIdDefault } : {}),
    ...(changes.isActive !== undefined ? { isActive: revised.isActive } : {}),
  };
}

function feeToDomain(row: FeeRow, countryName: string): SenderIdFee {
  const base = { countryCode: row.countryCode, countryName, note: row.note ?? null };
  switch (row.feeType) {
    case 'one_time':
      return { ...base, feeType: 'one_time', fee: storedMoney(row.feeUsd ?? '', 'USD', `sender-ID fee of ${row.countryCode}`), covers: 'all_networks' };
    case 'per_network': {
      const tableCurrency = row.currency ?? '';
      const table = (row.feeTable ?? []).map(
        (entry): NetworkSenderIdFee => ({
          network: entry.network,
          setup: storedMoney(entry.setup, tableCurrency, `sender-ID setup fee of ${row.countryCode}`),
          recurring: storedMoney(entry.recurring, tableCurrency, `sender-ID recurring fee of ${row.countryCode}`),
        }),
      );
      const recurringPeriod = row.recurringPeriod === 'monthly' ? 'monthly' : null;
      return { ...base, feeType: 'per_network', currency: currency(tableCurrency), table, recurringPeriod };
    }
    case 'on_request':
      return { ...base, feeType: 'on_request' };
    default:
      throw new Error(`Corrupt sender-ID fee of ${row.countryCode} in the catalogue: fee type ${row.feeType}`);
  }
}

function feeToRecord(fee: SenderIdFee): FeeRow {
  const none = { feeUsd: null, covers: null, currency: null, feeTable: null, recurringPeriod: null };
  const base = { countryCode: fee.countryCode, feeType: fee.feeType, note: fee.note };
  switch (fee.feeType) {
    case 'one_time':
      return { ...base, ...none, feeUsd: fee.fee.toDecimalString(), covers: fee.covers };
    case 'per_network':
      return {
        ...base,
        ...none,
        currency: fee.currency,
        feeTable: fee.table.map((row): SenderIdFeeTableRow => ({
          network: row.network,
          setup: row.setup.toDecimalString(),
          recurring: row.recurring.toDecimalString(),
        })),
        recurringPeriod: fee.recurringPeriod,
      };
    case 'on_request':
      return { ...base, ...none };
  }
}

/**
 * The catalogue in the database (tables `market`, `route`, `sender_id_fee`). The database keeps
 * the invariants too: foreign keys to `market`, and a unique index allowing one active route per
 * country, which turns a concurrent second activation into a conflict.
 */
export class MikroOrmCatalogue implements Catalogue {
  constructor(private readonly database: Database) {}

  private get em(): EntityManager {
    return this.database.em;
  }

  async listRoutes(): Promise<readonly Route[]> {
    const [markets, rows] = await Promise.all([this.marketRows(), this.em.find(RouteRecord, {}, { refresh: true })]);
    const names = new Map(markets.map((m) => [m.countryCode, m.name]));
    const routes = rows.map((row) => routeToDomain(row, names.get(row.countryCode) ?? row.countryCode));
    return inMarketOrder(routes, (r) => r.countryCode, markets.map((m) => m.countryCode), (r) => r.code);
  }

  async findRoute(code: string): Promise<Route | undefined> {
    const row = await this.em.findOne(RouteRecord, { code: normalize(code) }, { refresh: true });
    return row ? this.withCountryName(row) : undefined;
  }

  async routeForCountry(countryCode: string): Promise<Route | undefined> {
    const row = await this.em.findOne(RouteRecord, { countryCode: normalize(countryCode), isActive: true }, { refresh: true });
    return row ? this.withCountryName(row) : undefined;
  }

  async listMarkets(): Promise<readonly Market[]> {
    return (await this.marketRows()).map(marketToDomain);
  }

  async findMarket(countryCode: string): Promise<Market | undefined> {
    const row = await this.em.findOne(MarketRecord, { countryCode: normalize(countryCode) }, { refresh: true });
    return row ? marketToDomain(row) : undefined;
  }

  async senderIdFees(): Promise<readonly SenderIdFee[]> {
    const [markets, rows] = await Promise.all([this.marketRows(), this.em.find(SenderIdFeeRecord, {}, { refresh: true })]);
    const names = new Map(markets.map((m) => [m.countryCode, m.name]));
    const fees = rows.map((row) => feeToDomain(row, names.get(row.countryCode) ?? row.countryCode));
    return inMarketOrder(fees, (f) => f.countryCode, markets.map((m) => m.countryCode));
  }

  async findSenderIdFee(countryCode: string): Promise<SenderIdFee | undefined> {
    const row = await this.em.findOne(SenderIdFeeRecord, { countryCode: normalize(countryCode) }, { refresh: true });
    if (!row) return undefined;
    const market = await this.em.findOne(MarketRecord, { countryCode: row.countryCode }, { refresh: true });
    return feeToDomain(row, market?.name ?? row.countryCode);
  }

  async updateRoute(code: string, changes: RouteChanges): Promise<Result<Route, RouteUpdateError>> {
    const route = await this.findRoute(code);
    if (!route) return err(notFound('route', code));
    const revised = reviseRoute(route, changes);
    if (revised.isErr()) return err(revised.error);
    const clash = secondActiveRoute(revised.value, await this.routeForCountry(route.countryCode));
    if (clash) return err(clash);
    try {
      await this.em.nativeUpdate(RouteRecord, { code: route.code }, changedColumns(changes, revised.value));
    } catch (error) {
      // Another route of the country was activated between our check and this update.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const active = await this.routeForCountry(route.countryCode);
      return err(secondActiveRoute(revised.value, active) ?? conflict('route', `Another route of ${route.countryCode} was activated at the same time`));
    }
    const stored = await this.findRoute(route.code);
    return stored ? ok(stored) : err(notFound('route', code));
  }

  /**
   * One transaction: reads what exists, inserts the missing rows with `on conflict do nothing`, so
   * processes starting together on one database seed it once and never fail on each other (the
   * report then counts what this process planned to add).
   */
  async seed(data: CatalogueData): Promise<CatalogueSeedReport> {
    return this.em.transactional(async (em) => {
      const markets = await em.find(MarketRecord, {}, { fields: ['countryCode'], refresh: true });
      const routes = await em.find(RouteRecord, {}, { fields: ['code', 'countryCode', 'isActive'], refresh: true });
      const fees = await em.find(SenderIdFeeRecord, {}, { fields: ['countryCode'], refresh: true });
      const plan = planCatalogueSeed(data, {
        marketCodes: new Set(markets.map((m) => m.countryCode)),
        routeCodes: new Set(routes.map((r) => r.code)),
        activeRouteCountries: new Set(routes.filter((r) => r.isActive).map((r) => r.countryCode)),
        feeCountries: new Set(fees.map((f) => f.countryCode)),
      });
      const report = seedReportOf(plan);
      if (report.markets > 0) {
        const rows = plan.markets.map(({ market, position }) => marketToRecord(market, position));
        await em.createQueryBuilder(MarketRecord).insert(rows).onConflict().ignore().execute('run');
      }
      if (report.routes > 0) {
        await em.createQueryBuilder(RouteRecord).insert(plan.routes.map(routeToRecord)).onConflict().ignore().execute('run');
      }
      if (report.senderIdFees > 0) {
        await em.createQueryBuilder(SenderIdFeeRecord).insert(plan.senderIdFees.map(feeToRecord)).onConflict().ignore().execute('run');
      }
      return report;
    });
  }

  private marketRows(): Promise<MarketRow[]> {
    return this.em.find(MarketRecord, {}, { orderBy: { position: 'asc', countryCode: 'asc' }, refresh: true });
  }

  private async withCountryName(row: RouteRow): Promise<Route> {
    const market = await this.em.findOne(MarketRecord, { countryCode: row.countryCode }, { refresh: true });
    return routeToDomain(row, market?.name ?? row.countryCode);
  }
}
