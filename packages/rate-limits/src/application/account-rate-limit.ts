import type { RateLimitPolicy } from '../domain/rate-limit-policy.value-object.ts';

/** The policy an account's keys are held to, and whether the operator set it. */
export interface AccountRateLimit {
  readonly accountId: string;
  readonly policy: RateLimitPolicy;
  readonly isDefault: boolean;
}
