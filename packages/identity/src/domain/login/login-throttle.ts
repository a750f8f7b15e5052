/** docs/accounts.md, "Login throttling": 10 failed logins in 15 minutes, per email and per client address. */
export const LOGIN_THROTTLE = { maxFailures: 10, windowMs: 15 * 60 * 1000 } as const;

export type LoginThrottle = typeof LOGIN_THROTTLE;

/** The counters a login attempt is counted under: its email address and its client address. */
export const throttleKeys = (email: string, ip: string): readonly string[] => [`email:${email.trim().toLowerCase()}`, `ip:${ip}`];

/**
 * Seconds until a key with these failures (its newest ones inside the window, newest first, at
 * most `maxFailures`) may try again, or undefined when it may now. A sliding window: the key is
 * free again when its `maxFailures`-th newest failure leaves the window.
 */
export function retryAfterSeconds(newestFailures: readonly Date[], now: Date, policy: LoginThrottle = LOGIN_THROTTLE): number | undefined {
  const oldestCounted = newestFailures[policy.maxFailures - 1];
  if (!oldestCounted) return undefined;
  const freeAt = oldestCounted.getTime() + policy.windowMs;
  return freeAt > now.getTime() ? Math.ceil((freeAt - now.getTime()) / 1000) : undefined;
}
