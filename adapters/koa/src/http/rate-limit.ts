import type { RateLimitDecision } from '@tuma/rate-limits';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import { HttpError } from './http-error.ts';

/** Where the HTTP app gets each request's rate-limit decision (RequestRateLimits of @tuma/rate-limits). */
export interface HttpRateLimits {
  forKey(key: { readonly keyId: string; readonly accountId: string }): Promise<RateLimitDecision>;
  forAddress(address: string): Promise<RateLimitDecision>;
}

export interface RateLimitOptions {
  readonly limits: HttpRateLimits;
  /**
   * How many reverse proxies in front of the API append to X-Forwarded-For. 0 (the default): the
   * header is ignored and the client is the connection's peer, since anyone can send the header.
   */
  readonly trustedProxyHops: number;
}

/** The names of the headers every answer carries (IETF draft "RateLimit header fields for HTTP"). */
export const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;

/**
 * The client's address: the connection's peer, or, behind `hops` trusted proxies, the address the
 * outermost of them saw (the `hops`-th entry of X-Forwarded-For from the right; entries further left
 * were written by the client and prove nothing).
 */
export function clientAddress(ctx: Context, hops: number): string {
  return clientAddressOf(ctx.req, hops);
}

/** `clientAddress` of node's request, for what is answered below Koa. */
export function clientAddressOf(req: IncomingMessage, hops: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (hops <= 0) return peer;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return forwarded[forwarded.length - hops] ?? forwarded[0] ?? peer;
}

const rateLimitHeaders = (decision: RateLimitDecision) => ({
  'RateLimit-Limit': String(decision.limit),
  'RateLimit-Remaining': String(decision.remaining),
  'RateLimit-Reset': String(decision.resetSeconds),
});

/** The answer to a refused request: 429 `rate_limited` with Retry-After and the RateLimit-* headers. */
export function rateLimitRefusal(decision: RateLimitDecision): HttpError {
  return new HttpError(
    429,
    'rate_limited',
    `Too many requests: at most ${decision.limit} per second; retry in ${decision.resetSeconds} s`,
    undefined,
    { retry_after: decision.resetSeconds },
    { ...rateLimitHeaders(decision), 'Retry-After': String(decision.resetSeconds) },
  );
}

/** Sets the RateLimit-* headers (on a refusal only, when `everyAnswer` is false); a refused request becomes 429 `rate_limited` with Retry-After. */
function apply(ctx: Context, decision: RateLimitDecision, everyAnswer = true): void {
  if (decision.allowed && !everyAnswer) return;
  ctx.set(rateLimitHeaders(decision));
  if (!decision.allowed) throw rateLimitRefusal(decision);
}

/** Holds a request to its key's (or signed-in session's) limit on its account's policy (throws 429 when over it). */
export async function limitByKey(ctx: Context, options: RateLimitOptions | undefined, key: { readonly keyId: string; readonly accountId: string }): Promise<void> {
  if (!options) return;
  apply(ctx, await options.limits.forKey(key));
}

/**
 * Holds a request without a valid key to its client address's limit (throws 429 when over it).
 * `headers: 'on-refusal'`: the RateLimit-* headers only on the 429 (a browser following a short link
 * never reads them; an API client does, on every answer).
 */
export async function limitByAddress(ctx: Context, options: RateLimitOptions | undefined, headers: 'every-answer' | 'on-refusal' = 'every-answer'): Promise<void> {
  if (!options) return;
  apply(ctx, await options.limits.forAddress(clientAddress(ctx, options.trustedProxyHops)), headers === 'every-answer');
}
