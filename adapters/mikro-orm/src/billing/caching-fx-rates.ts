import type { FxRate, FxRateMissingError, FxRates, ResolvedFxRate } from '@tuma/billing';
import { ResultAsync, type CurrencyCode, type Result } from '@tuma/kernel';
import type { DatabaseNotifications } from '../database/database-notifications.ts';
import { NotifiedCache } from '../database/notified-cache.ts';

export const FX_RATES_TOPIC = 'fx_rates';

/**
 * Resolved exchange rates (and their absence) kept in process, emptied in every process when a rate
 * is set: `set` notifies inside the caller's unit of work, so the others hear it on commit.
 */
export class CachingFxRates implements FxRates {
  private readonly resolved = new NotifiedCache<Result<ResolvedFxRate, FxRateMissingError>>();

  constructor(
    private readonly inner: FxRates,
    private readonly notifications: DatabaseNotifications,
  ) {
    notifications.subscribe(FX_RATES_TOPIC, this.resolved);
  }

  async set(rate: FxRate): Promise<void> {
    await this.inner.set(rate);
    this.resolved.clear();
    await this.notifications.publish(FX_RATES_TOPIC, {});
  }

  list(): Promise<readonly FxRate[]> {
    return this.inner.list();
  }

  resolve(from: CurrencyCode, to: CurrencyCode): ResultAsync<ResolvedFxRate, FxRateMissingError> {
    return new ResultAsync(this.resolved.get(`${from}>${to}`, async () => await this.inner.resolve(from, to)));
  }
}
