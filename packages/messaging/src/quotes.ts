/** Price quotes (`POST /api/messages/rate`) and the per-call recipient limit. */
export { MAX_RECIPIENTS_PER_CALL } from './domain/limits.ts';
export {
  QuotePrice,
  type PriceQuote,
  type QuotedRecipient,
  type QuotePriceError,
  type QuotePriceInput,
  type UnroutableReason,
} from './application/quotes/quote-price.use-case.ts';
export { FindMissingFxRates, type MissingFxRate } from './application/catalogue/find-missing-fx-rates.use-case.ts';
export { priceGsm7Alternative, type Gsm7Alternative } from './application/quotes/gsm7-alternative.ts';
