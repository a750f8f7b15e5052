import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidWebhook, type InvalidWebhookError } from '@tuma/billing';
import { err, ok, type Result } from '@tuma/kernel';

/**
 * Webhook signatures in Stripe's scheme, used for Stripe's `Stripe-Signature` and for the hosted
 * checkout's `Tuma-Signature` alike: the header is `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`, and
 * each v1 is the hex HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint secret. The
 * timestamp is signed too, so an old delivery cannot be replayed with a new time.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const HEX_SHA256 = /^[0-9a-f]{64}$/;

export function computeSignature(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** A header value signing `rawBody` at `now` (what the hosted checkout and the tests send). */
export function signatureHeader(secret: string, rawBody: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, rawBody)}`;
}

/**
 * Compares two hex digests in time independent of where they differ. Digests of another length
 * or not in hex never match (and are not compared byte by byte: timingSafeEqual needs equal lengths).
 */
export function hexDigestsEqual(expected: string, given: string): boolean {
  if (!HEX_SHA256.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

interface ParsedHeader {
  readonly timestamp: number;
  readonly signatures: readonly string[];
}

function parseHeader(header: string): ParsedHeader | undefined {
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
 * Accepts the body when one of the header's v1 signatures is the HMAC of `<t>.<body>` and `t` is
 * within the tolerance of now (either side: a clock far ahead is as suspect as a stale delivery).
 * Every v1 is compared, in constant time, so the answer's timing says nothing about which one
 * was close.
 */
export function verifySignature(input: VerifySignatureInput): Result<void, InvalidWebhookError> {
  if (!input.header) return err(invalidWebhook('signature', `Missing ${input.headerName} header`));
  const parsed = parseHeader(input.header);
  if (!parsed) return err(invalidWebhook('signature', `Malformed ${input.headerName} header: expected t=<timestamp>,v1=<signature>`));
  const expected = computeSignature(input.secret, parsed.timestamp, input.rawBody);
  const matches = parsed.signatures.map((signature) => hexDigestsEqual(expected, signature));
  if (!matches.includes(true)) return err(invalidWebhook('signature', `No ${input.headerName} signature matches the body`));
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const age = Math.floor(input.now.getTime() / 1000) - parsed.timestamp;
  if (Math.abs(age) > tolerance) {
    return err(invalidWebhook('timestamp', `The ${input.headerName} timestamp is ${age} s from now, beyond the tolerance of ${tolerance} s`));
  }
  return ok(undefined);
}

/** One header of a Node request, whatever Node made of it (repeated headers arrive as a list). */
export function headerValue(headers: Readonly<Record<string, string | readonly string[] | undefined>>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value as string | undefined);
}
