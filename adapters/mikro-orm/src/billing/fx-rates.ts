import type { InferEntity } from '@mikro-orm/core';
import { candidatePairs, FxRate, lookupIn, resolveFxRate, type FxRateMissingError, type FxRates, type ResolvedFxRate } from '@tuma/billing';
import { currency, ResultAsync, type CurrencyCode } from '@tuma/kernel';
import type { Database } from '../database/database.ts';
import { FxRateRecord } from './fx-rate.entity.ts';

type Row = InferEntity<typeof FxRateRecord>;

const toDomain = (row: Row): FxRate =>
  FxRate.rehydrate({
    from: currency(row.fromCurrency),
    to: currency(row.toCurrency),
    rate: row.rate,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy ?? null,
  });

/** FX rates in the `fx_rate` table. `resolve` reads only the (at most six) pairs it may need, in one query. */
export class MikroOrmFxRates implements FxRates {
  constructor(private readonly database: Database) {}

  async set(rate: FxRate): Promise<void> {
    const snapshot = rate.toSnapshot();
    await this.database.em.upsert(FxRateRecord, {
      fromCurrency: snapshot.from,
      toCurrency: snapshot.to,
      rate: snapshot.rate,
      updatedAt: snapshot.updatedAt,
      updatedBy: snapshot.updatedBy,
    });
  }

  async list(): Promise<readonly FxRate[]> {
    const rows = await this.database.em.find(FxRateRecord, {}, { orderBy: { fromCurrency: 'asc', toCurrency: 'asc' }, refresh: true });
    return rows.map(toDomain);
  }

  resolve(from: CurrencyCode, to: CurrencyCode): ResultAsync<ResolvedFxRate, FxRateMissingError> {
    return ResultAsync.fromSafePromise(this.candidates(from, to)).andThen((stored) => resolveFxRate(from, to, lookupIn(stored)));
  }

  private async candidates(from: CurrencyCode, to: CurrencyCode) {
    const pairs = candidatePairs(from, to);
    if (pairs.length === 0) return [];
    const rows = await this.database.em.find(
      FxRateRecord,
      { $or: pairs.map(([fromCurrency, toCurrency]) => ({ fromCurrency, toCurrency })) },
      { refresh: true },
    );
    return rows.map((row) => toDomain(row).exchangeRate);
  }
}
