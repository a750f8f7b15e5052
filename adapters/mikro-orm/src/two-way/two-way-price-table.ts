import { currency, type Money } from '@tuma/kernel';
import type { Selectable } from 'kysely';
import { DEFAULT_TWO_WAY_PRICES, type TwoWayPrice, type TwoWayPriceTable } from '@tuma/two-way';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';
import type { TwoWayPriceTable as TwoWayPriceRows } from '../database/tables.ts';

const USD = currency('USD');
const usd = (amount: string, what: string): Money => storedMoney(amount, USD, `two_way_price.${what}`);
const usdOrNull = (amount: string | null, what: string): Money | null => (amount === null ? null : usd(amount, what));
const amount = (money: Money | null): string | null => money?.toDecimalString() ?? null;

const priceOf = (row: Selectable<TwoWayPriceRows>): TwoWayPrice => ({
  countryCode: row.country_code,
  offered: row.offered,
  setupFeeUsd: usd(row.setup_fee_usd, 'setup_fee_usd'),
  monthlyFeeUsd: usd(row.monthly_fee_usd, 'monthly_fee_usd'),
  sharedKeywordMonthlyFeeUsd: usd(row.shared_keyword_monthly_fee_usd, 'shared_keyword_monthly_fee_usd'),
  customSmsPriceUsd: usdOrNull(row.custom_sms_price_usd, 'custom_sms_price_usd'),
  tollFreeAvailable: row.toll_free_available,
  tollFreeInboundPriceUsd: usdOrNull(row.toll_free_inbound_price_usd, 'toll_free_inbound_price_usd'),
});

const DEFAULTS = new Map(DEFAULT_TWO_WAY_PRICES.map((price) => [price.countryCode, price]));

/**
 * The two-way price table: `two_way_price` holds the rows the operator set; every other market is
 * at its default row (`DEFAULT_TWO_WAY_PRICES`), so a new default reaches the markets nobody edited.
 */
export class MikroOrmTwoWayPriceTable implements TwoWayPriceTable {
  constructor(private readonly database: Database) {}

  async list(): Promise<readonly TwoWayPrice[]> {
    const rows = await this.database.query.selectFrom('two_way_price').selectAll().execute();
    const edited = new Map(rows.map(priceOf).map((price) => [price.countryCode, price]));
    return DEFAULT_TWO_WAY_PRICES.map((price) => edited.get(price.countryCode) ?? price);
  }

  async find(countryCode: string): Promise<TwoWayPrice | undefined> {
    const row = await this.database.query.selectFrom('two_way_price').selectAll().where('country_code', '=', countryCode).executeTakeFirst();
    return row ? priceOf(row) : DEFAULTS.get(countryCode);
  }

  async set(p: TwoWayPrice): Promise<void> {
    const prices = {
      offered: p.offered,
      setup_fee_usd: p.setupFeeUsd.toDecimalString(),
      monthly_fee_usd: p.monthlyFeeUsd.toDecimalString(),
      shared_keyword_monthly_fee_usd: p.sharedKeywordMonthlyFeeUsd.toDecimalString(),
      custom_sms_price_usd: amount(p.customSmsPriceUsd),
      toll_free_available: p.tollFreeAvailable,
      toll_free_inbound_price_usd: amount(p.tollFreeInboundPriceUsd),
    };
    await this.database.query
      .insertInto('two_way_price')
      .values({ country_code: p.countryCode, ...prices })
      .onConflict((oc) => oc.column('country_code').doUpdateSet(prices))
      .execute();
  }
}
