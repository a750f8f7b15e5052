export { fxRateMissing, type BillingError, type FxRateMissingError } from './domain/billing-errors.ts';
export { FX_RATE_MAX_INTEGER_DIGITS, FX_RATE_SETTER_MAX_LENGTH, FxRate, type FxRateSnapshot, type SetFxRateInput } from './domain/fx-rate.model.ts';
export {
  candidatePairs,
  FX_PIVOT_CURRENCY,
  lookupIn,
  resolveFxRate,
  type FxRateBasis,
  type ResolvedFxRate,
  type StoredRateLookup,
} from './domain/fx-rate-resolution.ts';
export { priceMessage, routeCost, sumCosts, WALLET_COST_ROUNDING, type Price, type PriceInput } from './domain/pricing.ts';
export { SAMPLE_RATES_SETTER, SAMPLE_USD_RATES } from './domain/sample-fx-rates.data.ts';
export type { FxRates } from './application/fx-rates.port.ts';
export type { WalletBalances } from './application/wallet-balances.port.ts';
export { NoWalletsYet } from './application/no-wallets-yet.ts';
export { SetFxRate, type SetFxRateError } from './application/set-fx-rate.use-case.ts';
export { ListFxRates } from './application/list-fx-rates.use-case.ts';
export { SeedSampleFxRates } from './application/seed-sample-fx-rates.use-case.ts';
export { InMemoryFxRates } from './testing/in-memory-fx-rates.ts';
export { InMemoryWalletBalances } from './testing/in-memory-wallet-balances.ts';
export { BILLING_TOKENS } from './tokens.ts';
