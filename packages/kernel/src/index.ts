export { allCurrencyCodes, currency, isCurrencyCode, parseCurrencyCode, type CurrencyCode } from './domain/currency.ts';
export { formatScaled, numberToDecimalString, parseExactDecimal, type ExactDecimal } from './domain/decimal.ts';
export { divideRounded, ROUNDING_MODES, type RoundingMode } from './domain/rounding.ts';
export { CurrencyMismatchError, Money, MICRO_DIGITS, MICROS_PER_UNIT, type InvalidMoneyError } from './domain/money.value-object.ts';
export { ExchangeRate, RATE_MAX_DECIMALS, type InvalidRateError } from './domain/exchange-rate.value-object.ts';
export { ID_PREFIXES, isId, newId, type IdPrefix } from './domain/ids.ts';
export { systemClock, type Clock } from './application/clock.port.ts';
export { txtText, type DnsAnswer, type DnsRecordType, type DnsResolver, type HostResolver, type MxRecord, type ResolvedAddress } from './application/dns-resolver.port.ts';
export {
  conflict,
  fieldError,
  notFound,
  validationError,
  type ConflictError,
  type DomainError,
  type FieldIssue,
  type KernelError,
  type NotFoundError,
  type ValidationError,
} from './domain/domain-error.ts';
export { constantTimeEqual } from './domain/constant-time.ts';
export { concatBytes, hexOf, utf8, utf8Text } from './domain/bytes.ts';
export { base64, base64url, fromBase64url } from './domain/base64.ts';
export type { Digests } from './application/digests.port.ts';
export { sha256Hex } from './domain/sha256.ts';
export { isStorableText, storableText, UNSTORABLE_TEXT_MESSAGE } from './domain/storable-text.ts';
export type { UnitOfWork, UnitOfWorkOptions } from './application/unit-of-work.port.ts';
export { transact } from './application/transact.ts';
export { atomically } from './application/atomically.ts';
export { GroupCommit, type BatchContext, type GroupCommitOptions } from './application/group-commit.ts';
export { NotifiedCache, type NotifiedCacheOptions } from './application/notified-cache.ts';
export { Slots, type Release } from './application/slots.ts';
export { enqueueNextSweep, visitInPages, type SweepSlot } from './application/periodic-sweep.ts';
export { RenewalSweep, type Renewable, type RenewalCounts } from './application/renewal-sweep.ts';
export {
  defineJob,
  type EnqueueOptions,
  type JobContext,
  type JobDefinition,
  type JobHandler,
  type JobScheduler,
  type JobWorkers,
  jobRoute,
  type JobRoute,
} from './application/job-scheduler.port.ts';
export * from './result.ts';
export { token, type Token } from './application/token.ts';
export { KERNEL_TOKENS } from './tokens.ts';
export { seededRandom } from './domain/seeded-random.ts';
export { randomBase62, randomDigits } from './domain/random-text.ts';
export { checkLimit, checkListPage } from './domain/list-limit.ts';
export { groupBy } from './domain/group-by.ts';
export { parseCsv, type CsvRecord } from './domain/csv/csv.ts';
export { tooManyRows, type CsvRowError, type TooManyRowsError } from './domain/csv/csv-table.ts';
export { readContactTable, type ContactColumnSpec, type ContactRow, type ContactRowError, type ContactTable } from './domain/csv/contact-file.ts';
export type { FailureLog } from './application/failure-log.port.ts';
export { GuessThrottle, rateLimited, type GuessAttempt, type RateLimitedError } from './application/guess-throttle.ts';
export {
  delayAfter,
  FAILURE_RETENTION_MS,
  GUESS_THROTTLE,
  waitBeforeAttempt,
  type GuessThrottlePolicy,
  type ThrottleRule,
} from './domain/throttle/guess-throttle-policy.ts';
export { PoolBusyError, SharedPool, whenNotBusy, type PoolTicket, type SharedPoolOptions } from './application/shared-pool.ts';
