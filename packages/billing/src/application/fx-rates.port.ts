import type { CurrencyCode, ResultAsync } from '@tuma/kernel';
import type { FxRateMissingError } from '../domain/billing-errors.ts';
import type { FxRate } from '../domain/fx-rate.model.ts';
import type { ResolvedFxRate } from '../domain/fx-rate-resolution.ts';

/** Operator-set exchange rates and the resolution every conversion uses. */
export interface FxRates {
  /** Stores the rate of its ordered pair, replacing the earlier one. */
  set(rate: FxRate): Promise<void>;
  /** Every stored rate, ordered by `from` then `to`. */
  list(): Promise<readonly FxRate[]>;
  /**
   * The rate converting `from` into `to` (`resolveFxRate`): identity for the same currency, the
   * stored direct rate, the exact inverse of the stored reverse rate, or a cross through USD.
   * Nothing of these: `fx_rate_missing`.
   */
  resolve(from: CurrencyCode, to: CurrencyCode): ResultAsync<ResolvedFxRate, FxRateMissingError>;
}
