/**
 * The SDK's fetch: retries what the server asked to be retried, and only what cannot run twice.
 *
 * - 429 (throttled before it ran) always.
 * - 409 with `Retry-After` (another request with the same `Idempotency-Key` still runs) when the
 *   request carries a key: the retry gets that request's answer.
 * - 502, 503, 504 and a failed connection when the request is repeatable: a GET, HEAD, PUT, DELETE
 *   or OPTIONS, or a request with an `Idempotency-Key` (Tuma keeps no 5xx answer and commits
 *   nothing of it, so the same key runs it once when the fault is gone).
 *
 * It waits what `Retry-After` says (seconds or an HTTP date), else an exponential, jittered backoff;
 * a wait longer than `maxDelayMs` is not waited for: the answer is returned as it is.
 */
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  readonly retries?: number;
  /** The first backoff when the answer names no wait (default 500 ms; doubled at each retry). */
  readonly baseDelayMs?: number;
  /** The longest wait (default 20 s). */
  readonly maxDelayMs?: number;
}

type Fetch = (request: Request) => Promise<Response>;

const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRIED_WHEN_REPEATABLE = new Set([502, 503, 504]);

export function retryingFetch(fetch: Fetch, options: RetryOptions = {}, sleep: (ms: number, signal: AbortSignal) => Promise<void> = abortableSleep): Fetch {
  const retries = options.retries ?? 2;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 20_000;
  return async (request) => {
    const repeatable = REPEATABLE_METHODS.has(request.method) || request.headers.has('Idempotency-Key');
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5));
      let response: Response;
      try {
        response = await fetch(last ? request : request.clone());
      } catch (error) {
        if (last || !repeatable || request.signal.aborted) throw error;
        await sleep(backoff, request.signal);
        continue;
      }
      const asked = retryAfterMs(response.headers.get('Retry-After'));
      const retried =
        response.status === 429 ||
        (response.status === 409 && asked !== null && request.headers.has('Idempotency-Key')) ||
        (RETRIED_WHEN_REPEATABLE.has(response.status) && repeatable);
      const wait = asked ?? backoff;
      if (last || !retried || wait > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}

/** `Retry-After` in milliseconds from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
