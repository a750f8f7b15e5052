import { constantTimeEqual, type DomainError } from '@tuma/kernel';

/**
 * Signed *inbound* webhooks (aggregators' pushes to /api/inbound/{provider}, payment providers'
 * notices) in Stripe's scheme: the header is `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`, and each
 * v1 is the hex HMAC-SHA256 of `<t>.<raw body>` keyed with the sender's secret. The timestamp is
 * signed too, so an old delivery cannot be replayed with a new time.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * A webhook that is not provably from its sender: a missing or wrong signature, or a timestamp
 * outside the tolerance (400 `invalid_webhook`, as billing's payment notices answer).
 */
export interface InvalidSignatureError extends DomainError {
  readonly type: 'invalid_webhook';
  readonly reason: 'signature' | 'timestamp';
}

export const invalidSignature = (reason: InvalidSignatureError['reason'], message: string): InvalidSignatureError => ({ type: 'invalid_webhook', reason, message });

/** The headers of a received request, as Node gives them (lower-case names; repeated headers as a list). */
export type ReceivedHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One header of a received request, whatever Node made of it (repeated headers arrive as a list). */
export function headerValue(headers: ReceivedHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value as string | undefined);
}

export interface TimestampedSignatureHeader {
  readonly timestamp: number;
  /** Every v1 value, lower case. */
  readonly signatures: readonly string[];
}

/** Reads `t=<timestamp>,v1=<hex>[,v1=...]` (other parts ignored); undefined without a timestamp or a v1. */
export function parseTimestampedSignature(header: string): TimestampedSignatureHeader | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1') signatures.push(value.toLowerCase());
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Compares two hex SHA-256 digests in time independent of where they differ (the kernel's
 * `constantTimeEqual`). Digests of another length or not in hex never match.
 */
export function hexDigestsEqual(expected: string, given: string): boolean {
  return HEX_SHA256.test(given) && HEX_SHA256.test(expected) && constantTimeEqual(expected, given);
}
