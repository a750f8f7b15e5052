import { randomBase62 } from '@tuma/kernel';
import type { IdempotencyKey } from './idempotency-key.value-object.ts';

/** How long a key answers with its first response (Stripe's 24 hours); after that it is free again. */
export const KEY_LIFETIME_MS = 24 * 60 * 60_000;

/** Whose keys these are: one account's, in one environment (a test key and a live key never share them). */
export interface IdempotencyScope {
  readonly accountId: string;
  readonly environment: 'live' | 'test';
}

/** The answer a repeated request gets, exactly as the first one got it. */
export interface StoredResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** JSON, as the first answer had it; null when it had none. */
  readonly body: unknown;
}

/** One request's hold on its key: `owner` tells it from a later request that took the key over. */
export interface IdempotencyClaim {
  readonly scope: IdempotencyScope;
  readonly key: string;
  readonly owner: string;
}

/** A request as its key remembers it. */
export interface IdempotentRequestSignature {
  readonly scope: IdempotencyScope;
  readonly key: IdempotencyKey;
  /** Method and route, e.g. `POST /api/messages/send`. */
  readonly operation: string;
  /** `requestFingerprint(operation, body)`. */
  readonly fingerprint: string;
}

/**
 * A key's record: the claim of the request that has it, which keeps it while its lease runs (a
 * request still running) and, once answered, the response every repetition gets until `expiresAt`.
 */
export interface IdempotencyRecord extends IdempotencyClaim {
  readonly operation: string;
  readonly fingerprint: string;
  readonly createdAt: Date;
  /** Until then nobody may take over the key from a request that has not answered (it may still be running). */
  readonly leaseExpiresAt: Date;
  readonly expiresAt: Date;
  readonly response: StoredResponse | null;
}

/** A fresh claim of the key for this request, with a new owner. */
export function newClaim(request: IdempotentRequestSignature, now: Date, leaseMs: number): IdempotencyRecord {
  return {
    scope: request.scope,
    key: request.key.value,
    owner: randomBase62(24),
    operation: request.operation,
    fingerprint: request.fingerprint,
    createdAt: now,
    leaseExpiresAt: new Date(now.getTime() + leaseMs),
    expiresAt: new Date(now.getTime() + KEY_LIFETIME_MS),
    response: null,
  };
}

export const claimOf = (record: IdempotencyRecord): IdempotencyClaim => ({ scope: record.scope, key: record.key, owner: record.owner });

/** What a request finds when its key already has a record. */
export type ClaimDecision =
  | { readonly type: 'replay'; readonly response: StoredResponse }
  | { readonly type: 'reused'; readonly sameOperation: boolean }
  | { readonly type: 'in_progress'; readonly retryAfterSeconds: number }
  /** The record is past its lifetime, or its request stopped without an answer (its lease ran out): the key is this request's. */
  | { readonly type: 'take_over' };

export function decideClaim(existing: IdempotencyRecord, request: IdempotentRequestSignature, now: Date): ClaimDecision {
  if (existing.expiresAt.getTime() <= now.getTime()) return { type: 'take_over' };
  if (existing.fingerprint !== request.fingerprint) return { type: 'reused', sameOperation: existing.operation === request.operation };
  if (existing.response) return { type: 'replay', response: existing.response };
  const leaseLeftMs = existing.leaseExpiresAt.getTime() - now.getTime();
  return leaseLeftMs > 0 ? { type: 'in_progress', retryAfterSeconds: Math.ceil(leaseLeftMs / 1000) } : { type: 'take_over' };
}
