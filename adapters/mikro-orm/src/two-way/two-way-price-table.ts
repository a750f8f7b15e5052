import { currency, type Money } from '@tuma/kernel';
import { DEFAULT_TWO_WAY_PRICES, type TwoWayPrice, type TwoWayPriceTable } from '@tuma/two-way';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';

interface PriceRow {
  readonly country_code: string;
  readonly offered: boolean;
  readonly setup_fee_usd: string;
  readonly monthly_fee_usd: string;
  readonly shared_keyword_monthly_fee_usd: string;
  readonly custom_sms_price_usd: string | null;
  readonly toll_free_available: boolean;
  readonly toll_free_inbound_price_usd: string | null;
}

const USD = currency('USD');
const usd = (amount: string, what: string): Money => storedMoney(String(amount), USD, `two_way_price.${what}`);
const usdOrNull = (amount: string | null, what: string): Money | null => (amount === null ? null : usd(amount, what));

const fromRow = (row: PriceRow): TwoWayPrice => ({
  countryCode: row.country_code,
  offered: row.offered,
  setupFeeUsd: usd(row.setup_fee_usd, 'setup_fee_usd'),
  monthlyFeeUsd: usd(row.monthly_fee_usd, 'monthly_fee_usd'),
  sharedKeywordMonthlyFeeUsd: usd(row.shared_keyword_monthly_fee_usd, 'shared_keyword_monthly_fee_usd'),
  customSmsPriceUsd: usdOrNull(row.custom_sms_price_usd, 'custom_sms_price_usd'),
  tollFreeAvailable: row.toll_free_available,
  tollFreeInboundPriceUsd: usdOrNull(row.toll_free_inbound_price_usd, 'toll_free_inbound_price_usd'),
});

const COLUMNS = 'country_code, offered, setup_fee_usd, monthly_fee_usd, shared_keyword_monthly_fee_usd, custom_sms_price_usd, toll_free_available, toll_free_inbound_price_usd';

const UPSERT = `insert into two_way_price (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?)
  on conflict (country_code) do update set ${COLUMNS.split(', ').slice(1).map((column) => `${column} = excluded.${column}`).join(', ')}`;

const DEFAULTS = new Map(DEFAULT_TWO_WAY_PRICES.map((price) => [price.countryCode, price]));

/**
 * The two-way price table: `two_way_price` holds the rows the operator set; every other market is
 * at its default row (`DEFAULT_TWO_WAY_PRICES`), so a new default reaches the markets nobody edited.
 */
export class MikroOrmTwoWayPriceTable implements TwoWayPriceTable {
  constructor(private readonly database: Database) {}

  async list(): Promise<readonly TwoWayPrice[]> {
    const edited = new Map((await this.rows(`select ${COLUMNS} from two_way_price`, [])).map((price) => [price.countryCode, price]));
    return DEFAULT_TWO_WAY_PRICES.map((price) => edited.get(price.countryCode) ?? price);
  }

  async find(countryCode: string): Promise<TwoWayPrice | undefined> {
    return (await this.rows(`select ${COLUMNS} from two_way_price where country_code = ?`, [countryCode]))[0] ?? DEFAULTS.get(countryCode);
  }

  async set(p: TwoWayPrice): Promise<void> {
    const amount = (money: Money | null) => money?.toDecimalString() ?? null;
    await this.database.em.execute(
      UPSERT,
      [p.countryCode, p.offered, amount(p.setupFeeUsd), amount(p.monthlyFeeUsd), amount(p.sharedKeywordMonthlyFeeUsd), amount(p.customSmsPriceUsd), p.tollFreeAvailable, amount(p.tollFreeInboundPriceUsd)],
      'run',
    );
  }

  private async rows(sql: string, values: unknown[]): Promise<TwoWayPrice[]> {
    return (await this.database.em.execute<PriceRow[]>(sql, values)).map(fromRow);
  }
}
