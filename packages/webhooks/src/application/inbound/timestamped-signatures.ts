import { err, hexOf, ok, type Digests, type Result } from '@tuma/kernel';
import {
  hexDigestsEqual,
  invalidSignature,
  parseTimestampedSignature,
  SIGNATURE_TOLERANCE_SECONDS,
  type InvalidSignatureError,
} from '../../domain/inbound/timestamped-signature.ts';

export interface VerifySignatureInput {
  readonly header: string | undefined;
  /** Name of the header, for messages. */
  readonly headerName: string;
  readonly rawBody: string;
  readonly secret: string;
  readonly now: Date;
  readonly toleranceSeconds?: number;
}

/**
 * Signs and verifies inbound webhooks in the timestamped scheme (`t=...,v1=...`): the one home of
 * it for every receiver (SMS aggregators' pushes, the hosted checkout's notices, Stripe's scheme).
 */
export class TimestampedSignatures {
  /** Synchronous digests: `verify` answers its receivers a Result, not a promise. */
  constructor(private readonly digests: Digests) {}

  /** The hex HMAC-SHA256 of `<timestamp>.<raw body>`. */
  signature(secret: string, timestamp: number, rawBody: string): string {
    return hexOf(this.digests.hmacSha256(secret)(`${timestamp}.${rawBody}`));
  }

  /** A header value signing `rawBody` at `now` (what the hosted checkout and the tests send). */
  header(secret: string, rawBody: string, now: Date): string {
    const timestamp = Math.floor(now.getTime() / 1000);
    return `t=${timestamp},v1=${this.signature(secret, timestamp, rawBody)}`;
  }

  /**
   * Accepts the body when one of the header's v1 signatures is the HMAC of `<t>.<body>` and `t` is
   * within the tolerance of now (either side: a clock far ahead is as suspect as a stale delivery).
   * Every v1 is compared, in constant time, so the answer's timing says nothing about which one
   * was close.
   */
  verify(input: VerifySignatureInput): Result<void, InvalidSignatureError> {
    if (!input.header) return err(invalidSignature('signature', `Missing ${input.headerName} header`));
    const parsed = parseTimestampedSignature(input.header);
    if (!parsed) return err(invalidSignature('signature', `Malformed ${input.headerName} header: expected t=<timestamp>,v1=<signature>`));
    const expected = this.signature(input.secret, parsed.timestamp, input.rawBody);
    const matches = parsed.signatures.map((signature) => hexDigestsEqual(expected, signature));
    if (!matches.includes(true)) return err(invalidSignature('signature', `No ${input.headerName} signature matches the body`));
    const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
    const age = Math.floor(input.now.getTime() / 1000) - parsed.timestamp;
    if (Math.abs(age) > tolerance) {
      return err(invalidSignature('timestamp', `The ${input.headerName} timestamp is ${age} s from now, beyond the tolerance of ${tolerance} s`));
    }
    return ok(undefined);
  }
}
