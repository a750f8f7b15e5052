export { DEFAULT_LEASE_SHARE, FlexibleRateLimiter, RATE_LIMIT_TABLE } from './flexible-rate-limiter.ts';
export { LeasedCounter } from './leased-counter.ts';
