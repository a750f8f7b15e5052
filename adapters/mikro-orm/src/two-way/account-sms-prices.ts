import { currency, type Money } from '@tuma/kernel';
import type { AccountSmsPrices } from '@tuma/two-way';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';

/** Per-customer SMS prices in `account_sms_price`, one row per account and country. */
export class MikroOrmAccountSmsPrices implements AccountSmsPrices {
  constructor(private readonly database: Database) {}

  async find(accountId: string, countryCode: string): Promise<Money | undefined> {
    const row = await this.database.query.selectFrom('account_sms_price').select('price_usd').where('account_id', '=', accountId).where('country_code', '=', countryCode).executeTakeFirst();
    return row ? storedMoney(row.price_usd, currency('USD'), `SMS price of ${accountId} in ${countryCode}`) : undefined;
  }

  async set(accountId: string, countryCode: string, priceUsd: Money | null): Promise<void> {
    if (!priceUsd) {
      await this.database.query.deleteFrom('account_sms_price').where('account_id', '=', accountId).where('country_code', '=', countryCode).execute();
      return;
    }
    await this.database.query
      .insertInto('account_sms_price')
      .values({ account_id: accountId, country_code: countryCode, price_usd: priceUsd.toDecimalString() })
      .onConflict((oc) => oc.columns(['account_id', 'country_code']).doUpdateSet((eb) => ({ price_usd: eb.ref('excluded.price_usd') })))
      .execute();
  }
}
