import type { Selectable } from 'kysely';
import { candidatePairs, FxRate, lookupIn, resolveFxRate, type FxRateMissingError, type FxRates, type ResolvedFxRate } from '@tuma/billing';
import { currency, ResultAsync, type CurrencyCode } from '@tuma/kernel';
import type { Database } from '../database/database.ts';
import type { FxRateTable } from '../database/tables.ts';

const rateOf = (row: Selectable<FxRateTable>): FxRate =>
  FxRate.rehydrate({
    from: currency(row.from_currency),
    to: currency(row.to_currency),
    rate: row.rate,
    updatedAt: new Date(row.updated_at),
    updatedBy: row.updated_by,
  });

/** FX rates in the `fx_rate` table. `resolve` reads only the (at most six) pairs it may need, in one query. */
export class MikroOrmFxRates implements FxRates {
  constructor(private readonly database: Database) {}

  async set(rate: FxRate): Promise<void> {
    const r = rate.toSnapshot();
    const row = { rate: r.rate, updated_at: r.updatedAt, updated_by: r.updatedBy };
    await this.database.query
      .insertInto('fx_rate')
      .values({ from_currency: r.from, to_currency: r.to, ...row })
      .onConflict((oc) => oc.columns(['from_currency', 'to_currency']).doUpdateSet(row))
      .execute();
  }

  async list(): Promise<readonly FxRate[]> {
    const rows = await this.database.query.selectFrom('fx_rate').selectAll().orderBy('from_currency').orderBy('to_currency').execute();
    return rows.map(rateOf);
  }

  resolve(from: CurrencyCode, to: CurrencyCode): ResultAsync<ResolvedFxRate, FxRateMissingError> {
    return ResultAsync.fromSafePromise(this.candidates(from, to)).andThen((stored) => resolveFxRate(from, to, lookupIn(stored)));
  }

  private async candidates(from: CurrencyCode, to: CurrencyCode) {
    const pairs = candidatePairs(from, to);
    if (pairs.length === 0) return [];
    const rows = await this.database.query
      .selectFrom('fx_rate')
      .selectAll()
      .where((eb) => eb.or(pairs.map(([fromCurrency, toCurrency]) => eb.and([eb('from_currency', '=', fromCurrency), eb('to_currency', '=', toCurrency)]))))
      .execute();
    return rows.map((row) => rateOf(row).exchangeRate);
  }
}
