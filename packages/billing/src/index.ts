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
export { SetFxRate, type SetFxRateError } from './application/set-fx-rate.use-case.ts';
export { ListFxRates } from './application/list-fx-rates.use-case.ts';
export { SeedSampleFxRates } from './application/seed-sample-fx-rates.use-case.ts';
export { BILLING_TOKENS } from './tokens.ts';
export {
  alreadyReversed,
  currencyMismatch,
  entryNotFound,
  insufficientBalance,
  invalidAmount,
  referenceConflict,
  refundExceedsCharge,
  reservationExceeded,
  reservationNotFound,
  walletNotFound,
  type AlreadyReversedError,
  type CurrencyMismatchError,
  type EntryNotFoundError,
  type InsufficientBalanceError,
  type InvalidAmountError,
  type ReferenceConflictError,
  type RefundExceedsChargeError,
  type ReservationExceededError,
  type ReservationNotFoundError,
  type WalletError,
  type WalletNotFoundError,
} from './domain/wallet-errors.ts';
export {
  CHARGE_KINDS,
  draftEntry,
  INCOMING_KINDS,
  LEDGER_ENTRY_KINDS,
  RELATED_OBJECT_TYPES,
  type DraftEntryInput,
  type LedgerEntry,
  type LedgerEntryDraft,
  type LedgerEntryKind,
  type LedgerPage,
  type RelatedObject,
  type RelatedObjectType,
} from './domain/ledger-entry.model.ts';
export { remainingOf, type Reservation, type ReservationStatus } from './domain/reservation.model.ts';
export {
  checkAmount,
  LEDGER_PAGE_MAX_LIMIT,
  LEDGER_REASON_MAX_LENGTH,
  LEDGER_REFERENCE_MAX_LENGTH,
  MAX_WALLET_MICROS,
} from './domain/ledger-input.ts';
export { replayEntry, replayReservation, type EntryOperation, type PriorOutcome } from './domain/ledger-replay.ts';
export { Wallet, type WalletSnapshot, type WalletView } from './domain/wallet.aggregate.ts';
export type {
  EntryWithHistory,
  LockedWallet,
  WalletChangeRequest,
  WalletDecision,
  WalletStore,
  WalletWrite,
} from './application/wallet-store.port.ts';
export {
  WalletLedger,
  type CaptureReservationInput,
  type ChargeInput,
  type CreditInput,
  type OpenWalletInput,
  type RefundInput,
  type ReleaseReservationInput,
  type ReserveInput,
  type ReverseInput,
  type TransactionsInput,
} from './application/wallet-ledger.ts';
export {
  PAYMENT_PROVIDERS,
  TOP_UP_STATUSES,
  TopUp,
  type OpenTopUpInput,
  type PaymentDecision,
  type PaymentProviderName,
  type TopUpSnapshot,
  type TopUpStatus,
} from './domain/top-up.aggregate.ts';
export { parseTopUpAmount, TOP_UP_MAX_UNITS, TOP_UP_MIN_UNITS, type TopUpAmountInput } from './domain/top-up-amount.ts';
export {
  invalidWebhook,
  liveKeyRequired,
  paymentProviderError,
  paymentsNotConfigured,
  type InvalidWebhookError,
  type LiveKeyRequiredError,
  type PaymentProviderError,
  type PaymentsNotConfiguredError,
  type TopUpError,
} from './domain/top-up-errors.ts';
export type {
  CheckoutSession,
  CheckoutTopUp,
  CreateCheckoutInput,
  PaymentEvent,
  PaymentProvider,
  WebhookHeaders,
} from './application/payment-provider.port.ts';
export type { TopUpRepository } from './application/top-up.repository.port.ts';
export { StartTopUp, type StartTopUpError, type StartTopUpInput, type TopUpReturnUrls } from './application/start-top-up.use-case.ts';
export { CompleteTopUp, TOP_UP_CREDIT_REASON, type CompleteTopUpInput, type CompleteTopUpResult } from './application/complete-top-up.use-case.ts';
export type { TopUpFollowers } from './application/top-up-followers.port.ts';
export { CloseTopUp, type CloseTopUpInput, type CloseTopUpResult } from './application/close-top-up.use-case.ts';
export { ReceivePaymentWebhook, type ReceivePaymentWebhookError, type WebhookReceipt } from './application/receive-payment-webhook.use-case.ts';
export { GetTopUpStatus, type TopUpStatusView } from './application/get-top-up-status.use-case.ts';
export { GetCheckout } from './application/get-checkout.use-case.ts';
export type { WalletOwners } from './application/wallet-owners.port.ts';
export { AdjustBalance, adjustmentReference, type AdjustBalanceInput, type Adjustment } from './application/adjust-balance.use-case.ts';
export type { AccountBalanceRow, BalanceReports, BalanceStats, CurrencyTotal, TopUpWindowTotal } from './application/balance-reports.port.ts';
export { createBilling, type Billing, type BillingPorts } from './create-billing.ts';
