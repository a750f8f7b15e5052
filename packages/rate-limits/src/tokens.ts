import { token } from '@tuma/kernel';
import type { RateLimitOverrideRepository } from './application/rate-limit-override.repository.port.ts';
import type { RateLimiter } from './application/rate-limiter.port.ts';
import type { RateLimits } from './create-rate-limits.ts';

export const RATE_LIMITS_TOKENS = {
  /** Request rate limits and the override use cases (`createRateLimits`). */
  rateLimits: token<RateLimits>('rate-limits.RateLimits'),
  rateLimiter: token<RateLimiter>('rate-limits.RateLimiter'),
  overrideRepository: token<RateLimitOverrideRepository>('rate-limits.RateLimitOverrideRepository'),
};
