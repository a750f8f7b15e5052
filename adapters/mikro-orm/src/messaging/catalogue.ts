import type { Insertable, Selectable, Updateable } from 'kysely';
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
import type { MarketTable, RouteTable, SenderIdFeeTable } from '../database/tables.ts';
import { isUniqueViolation } from '../database/unique-violation.ts';
import { storedMoney } from '../database/stored-money.ts';

/** One row of a per-network fee table (`sender_id_fee.fee_table`), amounts as exact decimal strings in the table's currency. */
interface FeeTableEntry {
  network: string;
  setup: string;
  recurring: string;
}

const normalize = (code: string): string => code.trim().toUpperCase();

const marketToDomain = (row: Selectable<MarketTable>): Market => ({
  countryCode: row.country_code,
  name: row.name,
  callingCode: row.calling_code,
  currency: currency(row.currency),
  networks: [...(row.networks as string[])],
  regulator: row.regulator,
  senderIdRegistration: row.sender_id_registration,
  senderIdFree: row.sender_id_free,
  promoNote: row.promo_note,
  rules: [...(row.rules as string[])],
  otpAvailable: row.otp_available,
  twoWay: row.two_way,
});

const marketToRow = (market: Market, position: number): Insertable<MarketTable> => ({
  country_code: market.countryCode,
  name: market.name,
  calling_code: market.callingCode,
  currency: market.currency,
  networks: JSON.stringify(market.networks),
  regulator: market.regulator,
  sender_id_registration: market.senderIdRegistration,
  sender_id_free: market.senderIdFree,
  promo_note: market.promoNote,
  rules: JSON.stringify(market.rules),
  otp_available: market.otpAvailable,
  two_way: market.twoWay,
  position,
});

function routeToDomain(row: Selectable<RouteTable>, countryName: string): Route {
  const pricePerSegment = storedMoney(row.price_per_segment, row.currency, `price of route ${row.code} in the catalogue`);
  return {
    code: row.code,
    name: row.name,
    countryCode: row.country_code,
    countryName,
    currency: pricePerSegment.currency,
    pricePerSegment,
    senderIdDefault: row.sender_id_default,
    isActive: row.is_active,
  };
}

const routeToRow = (route: Route): Insertable<RouteTable> => ({
  code: route.code,
  name: route.name,
  country_code: route.countryCode,
  currency: route.currency,
  price_per_segment: route.pricePerSegment.toDecimalString(),
  sender_id_default: route.senderIdDefault,
  is_active: route.isActive,
});

/** Only the columns an operator's change touches: concurrent edits of other fields are kept. */
function changedColumns(changes: RouteChanges, revised: Route): Updateable<RouteTable> {
  return {
    ...(changes.name !== undefined ? { name: revised.name } : {}),
    ...(changes.pricePerSegment !== undefined ? { price_per_segment: revised.pricePerSegment.toDecimalString(), currency: revised.currency } : {}),
    ...(changes.senderIdDefault !== undefined ? { sender_id_default: revised.senderIdDefault } : {}),
    ...(changes.isActive !== undefined ? { is_active: revised.isActive } : {}),
  };
}

function feeToDomain(row: Selectable<SenderIdFeeTable>, countryName: string): SenderIdFee {
  const base = { countryCode: row.country_code, countryName, note: row.note };
  switch (row.fee_type) {
    case 'one_time':
      return { ...base, feeType: 'one_time', fee: storedMoney(row.fee_usd ?? '', 'USD', `sender-ID fee of ${row.country_code}`), covers: 'all_networks' };
    case 'per_network': {
      const tableCurrency = row.currency ?? '';
      const table = ((row.fee_table ?? []) as FeeTableEntry[]).map(
        (entry): NetworkSenderIdFee => ({
          network: entry.network,
          setup: storedMoney(entry.setup, tableCurrency, `sender-ID setup fee of ${row.country_code}`),
          recurring: storedMoney(entry.recurring, tableCurrency, `sender-ID recurring fee of ${row.country_code}`),
        }),
      );
      const recurringPeriod = row.recurring_period === 'monthly' ? 'monthly' : null;
      return { ...base, feeType: 'per_network', currency: currency(tableCurrency), table, recurringPeriod };
    }
    case 'on_request':
      return { ...base, feeType: 'on_request' };
    default:
      throw new Error(`Corrupt sender-ID fee of ${row.country_code} in the catalogue: fee type ${row.fee_type}`);
  }
}

function feeToRow(fee: SenderIdFee): Insertable<SenderIdFeeTable> {
  const none = { fee_usd: null, covers: null, currency: null, fee_table: null, recurring_period: null };
  const base = { country_code: fee.countryCode, fee_type: fee.feeType, note: fee.note };
  switch (fee.feeType) {
    case 'one_time':
      return { ...base, ...none, fee_usd: fee.fee.toDecimalString(), covers: fee.covers };
    case 'per_network': {
      const table = fee.table.map((row): FeeTableEntry => ({ network: row.network, setup: row.setup.toDecimalString(), recurring: row.recurring.toDecimalString() }));
      return { ...base, ...none, currency: fee.currency, fee_table: JSON.stringify(table), recurring_period: fee.recurringPeriod };
    }
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

  async listRoutes(): Promise<readonly Route[]> {
    const [markets, rows] = await Promise.all([this.marketRows(), this.database.query.selectFrom('route').selectAll().execute()]);
    const names = new Map(markets.map((m) => [m.country_code, m.name]));
    const routes = rows.map((row) => routeToDomain(row, names.get(row.country_code) ?? row.country_code));
    return inMarketOrder(routes, (r) => r.countryCode, markets.map((m) => m.country_code), (r) => r.code);
  }

  async findRoute(code: string): Promise<Route | undefined> {
    const row = await this.routesWithCountryName().where('route.code', '=', normalize(code)).executeTakeFirst();
    return row && routeToDomain(row, row.country_name ?? row.country_code);
  }

  async routeForCountry(countryCode: string): Promise<Route | undefined> {
    const row = await this.routesWithCountryName().where('route.country_code', '=', normalize(countryCode)).where('route.is_active', '=', true).executeTakeFirst();
    return row && routeToDomain(row, row.country_name ?? row.country_code);
  }

  async listMarkets(): Promise<readonly Market[]> {
    return (await this.marketRows()).map(marketToDomain);
  }

  async findMarket(countryCode: string): Promise<Market | undefined> {
    const row = await this.database.query.selectFrom('market').selectAll().where('country_code', '=', normalize(countryCode)).executeTakeFirst();
    return row && marketToDomain(row);
  }

  async senderIdFees(): Promise<readonly SenderIdFee[]> {
    const [markets, rows] = await Promise.all([this.marketRows(), this.database.query.selectFrom('sender_id_fee').selectAll().execute()]);
    const names = new Map(markets.map((m) => [m.country_code, m.name]));
    const fees = rows.map((row) => feeToDomain(row, names.get(row.country_code) ?? row.country_code));
    return inMarketOrder(fees, (f) => f.countryCode, markets.map((m) => m.country_code));
  }

  async findSenderIdFee(countryCode: string): Promise<SenderIdFee | undefined> {
    const row = await this.database.query
      .selectFrom('sender_id_fee')
      .leftJoin('market', 'market.country_code', 'sender_id_fee.country_code')
      .selectAll('sender_id_fee')
      .select('market.name as country_name')
      .where('sender_id_fee.country_code', '=', normalize(countryCode))
      .executeTakeFirst();
    return row && feeToDomain(row, row.country_name ?? row.country_code);
  }

  async updateRoute(code: string, changes: RouteChanges): Promise<Result<Route, RouteUpdateError>> {
    const route = await this.findRoute(code);
    if (!route) return err(notFound('route', code));
    const revised = reviseRoute(route, changes);
    if (revised.isErr()) return err(revised.error);
    const clash = secondActiveRoute(revised.value, await this.routeForCountry(route.countryCode));
    if (clash) return err(clash);
    const columns = changedColumns(changes, revised.value);
    try {
      // No change is no statement (an empty SET is not SQL).
      if (Object.keys(columns).length > 0) await this.database.query.updateTable('route').set(columns).where('code', '=', route.code).execute();
    } catch (error) {
      // Another route of the country was activated between our check and this update.
      if (!isUniqueViolation(error)) throw error;
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
    return this.database.em.transactional(async () => {
      const db = this.database.query;
      const markets = await db.selectFrom('market').select('country_code').execute();
      const routes = await db.selectFrom('route').select(['code', 'country_code', 'is_active']).execute();
      const fees = await db.selectFrom('sender_id_fee').select('country_code').execute();
      const plan = planCatalogueSeed(data, {
        marketCodes: new Set(markets.map((m) => m.country_code)),
        routeCodes: new Set(routes.map((r) => r.code)),
        activeRouteCountries: new Set(routes.filter((r) => r.is_active).map((r) => r.country_code)),
        feeCountries: new Set(fees.map((f) => f.country_code)),
      });
      const report = seedReportOf(plan);
      if (report.markets > 0) {
        const rows = plan.markets.map(({ market, position }) => marketToRow(market, position));
        await db.insertInto('market').values(rows).onConflict((oc) => oc.doNothing()).execute();
      }
      if (report.routes > 0) await db.insertInto('route').values(plan.routes.map(routeToRow)).onConflict((oc) => oc.doNothing()).execute();
      if (report.senderIdFees > 0) await db.insertInto('sender_id_fee').values(plan.senderIdFees.map(feeToRow)).onConflict((oc) => oc.doNothing()).execute();
      return report;
    });
  }

  private marketRows(): Promise<Selectable<MarketTable>[]> {
    return this.database.query.selectFrom('market').selectAll().orderBy('position', 'asc').orderBy('country_code', 'asc').execute();
  }

  /** Routes with their market's name (the route's country code stands in if the market is missing). */
  private routesWithCountryName() {
    return this.database.query.selectFrom('route').leftJoin('market', 'market.country_code', 'route.country_code').selectAll('route').select('market.name as country_name');
  }
}
