import { okAsync, errAsync, type CurrencyCode, type ResultAsync } from '@tuma/kernel';
import { UndoableMap } from '@tuma/kernel/testing';
import type { FxRates } from '../application/fx-rates.port.ts';
import type { FxRateMissingError } from '../domain/billing-errors.ts';
import { lookupIn, resolveFxRate, type ResolvedFxRate } from '../domain/fx-rate-resolution.ts';
import { FxRate, type FxRateSnapshot } from '../domain/fx-rate.model.ts';

/** FX rates held in memory: for embedding the core and for tests. */
export class InMemoryFxRates implements FxRates {
  private readonly rows = new UndoableMap<string, FxRateSnapshot>();

  async set(rate: FxRate): Promise<void> {
    this.rows.set(`${rate.from}${rate.to}`, rate.toSnapshot());
  }

  async list(): Promise<readonly FxRate[]> {
    return [...this.rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => FxRate.rehydrate(row));
  }

  resolve(from: CurrencyCode, to: CurrencyCode): ResultAsync<ResolvedFxRate, FxRateMissingError> {
    const stored = [...this.rows.values()].map((row) => FxRate.rehydrate(row).exchangeRate);
    const resolved = resolveFxRate(from, to, lookupIn(stored));
    return resolved.isOk() ? okAsync(resolved.value) : errAsync(resolved.error);
  }
}
