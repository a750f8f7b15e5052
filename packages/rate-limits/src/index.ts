export { BURST_WINDOW_SECONDS, MAX_REQUESTS_PER_SECOND, RateLimitPolicy } from './domain/rate-limit-policy.value-object.ts';
export type { RateLimitDecision, RateLimiter } from './application/rate-limiter.port.ts';
export type { RateLimitOverrideRepository } from './application/rate-limit-override.repository.port.ts';
export type { AccountRateLimit } from './application/account-rate-limit.ts';
export { SetAccountRateLimit, type SetAccountRateLimitError, type SetAccountRateLimitInput } from './application/set-account-rate-limit.use-case.ts';
export { GetAccountRateLimit } from './application/get-account-rate-limit.use-case.ts';
export { RequestRateLimits, type RequestRateLimitDefaults } from './application/request-rate-limits.ts';
export { createRateLimits, type RateLimits, type RateLimitsPorts } from './create-rate-limits.ts';
export { RATE_LIMITS_TOKENS } from './tokens.ts';
