import { currency, type Money } from '@tuma/kernel';
import type { AccountSmsPrices } from '@tuma/two-way';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';

/** Per-customer SMS prices in `account_sms_price`, one row per account and country. */
export class MikroOrmAccountSmsPrices implements AccountSmsPrices {
  constructor(private readonly database: Database) {}

  async find(accountId: string, countryCode: string): Promise<Money | undefined> {
    const [row] = await this.database.em.execute<{ price_usd: string }[]>('select price_usd::text as price_usd from account_sms_price where account_id = ? and country_code = ?', [accountId, countryCode]);
    return row ? storedMoney(row.price_usd, currency('USD'), `SMS price of ${accountId} in ${countryCode}`) : undefined;
  }

  async set(accountId: string, countryCode: string, priceUsd: Money | null): Promise<void> {
    if (!priceUsd) {
      await this.database.em.execute('delete from account_sms_price where account_id = ? and country_code = ?', [accountId, countryCode], 'run');
      return;
    }
    await this.database.em.execute(
      'insert into account_sms_price (account_id, country_code, price_usd) values (?, ?, ?) on conflict (account_id, country_code) do update set price_usd = excluded.price_usd',
      [accountId, countryCode, priceUsd.toDecimalString()],
      'run',
    );
  }
}
