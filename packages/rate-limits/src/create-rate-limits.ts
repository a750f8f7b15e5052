import type { AccountRepository } from '@tuma/accounts';
import type { Clock } from '@tuma/kernel';
import { GetAccountRateLimit } from './application/get-account-rate-limit.use-case.ts';
import type { RateLimitOverrideRepository } from './application/rate-limit-override.repository.port.ts';
import type { RateLimiter } from './application/rate-limiter.port.ts';
import { RequestRateLimits, type RequestRateLimitDefaults } from './application/request-rate-limits.ts';
import { SetAccountRateLimit } from './application/set-account-rate-limit.use-case.ts';

export interface RateLimitsPorts {
  readonly rateLimiter: RateLimiter;
  readonly overrideRepository: RateLimitOverrideRepository;
  readonly accountRepository: AccountRepository;
  readonly clock: Clock;
  readonly defaults: RequestRateLimitDefaults;
}

/** Request rate limits and the operator's per-account overrides, built from their ports. */
export function createRateLimits(ports: RateLimitsPorts) {
  return {
    requests: new RequestRateLimits(ports.rateLimiter, ports.overrideRepository, ports.defaults),
    setAccountRateLimit: new SetAccountRateLimit(ports.accountRepository, ports.overrideRepository, ports.defaults.perKey, ports.clock),
    getAccountRateLimit: new GetAccountRateLimit(ports.accountRepository, ports.overrideRepository, ports.defaults.perKey),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
