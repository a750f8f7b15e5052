export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IdempotencyKey } from './domain/idempotency-key.value-object.ts';
export { canonicalJson, requestFingerprint } from './domain/request-fingerprint.ts';
export {
  claimOf,
  decideClaim,
  KEY_LIFETIME_MS,
  newClaim,
  type ClaimDecision,
  type IdempotencyClaim,
  type IdempotencyRecord,
  type IdempotencyScope,
  type IdempotentRequestSignature,
  type StoredResponse,
} from './domain/idempotency-record.ts';
export {
  claimTakenOver,
  idempotencyKeyInProgress,
  idempotencyKeyReused,
  type IdempotencyError,
  type IdempotencyKeyInProgressError,
  type IdempotencyKeyReusedError,
} from './domain/idempotency-errors.ts';
export type { ClaimResponse, IdempotencyKeyStore } from './application/idempotency-key-store.port.ts';
export { ClaimIdempotencyKey, type ClaimOutcome } from './application/claim-idempotency-key.use-case.ts';
export { RecordIdempotentResponse } from './application/record-idempotent-response.use-case.ts';
export { ReleaseIdempotencyKey } from './application/release-idempotency-key.use-case.ts';
export { PURGE_CHUNK, PurgeExpiredIdempotencyKeys } from './application/purge-expired-idempotency-keys.use-case.ts';
export { IdempotentEffects, type IdempotentRequest } from './application/idempotent-effects.ts';
export { createIdempotency, DEFAULT_LEASE_MS, type Idempotency, type IdempotencyPorts } from './create-idempotency.ts';
export { IDEMPOTENCY_TOKENS } from './tokens.ts';
