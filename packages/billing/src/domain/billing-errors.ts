import type { CurrencyCode, DomainError } from '@tuma/kernel';

/** No stored rate, inverse or cross through USD converts `from` into `to`. */
export interface FxRateMissingError extends DomainError {
  readonly type: 'fx_rate_missing';
  readonly from: CurrencyCode;
  readonly to: CurrencyCode;
}

export const fxRateMissing = (from: CurrencyCode, to: CurrencyCode): FxRateMissingError => ({
  type: 'fx_rate_missing',
  from,
  to,
  message: `No exchange rate from ${from} to ${to} (nor its inverse, nor a cross through USD)`,
});

export type BillingError = FxRateMissingError;
