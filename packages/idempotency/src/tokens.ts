import { token } from '@tuma/kernel';
import type { IdempotencyKeyStore } from './application/idempotency-key-store.port.ts';
import type { Idempotency } from './create-idempotency.ts';

export const IDEMPOTENCY_TOKENS = {
  /** The use cases around a request with an Idempotency-Key (`createIdempotency`). */
  idempotency: token<Idempotency>('idempotency.Idempotency'),
  keyStore: token<IdempotencyKeyStore>('idempotency.IdempotencyKeyStore'),
};
