import type { RateLimitPolicy } from '../domain/rate-limit-policy.value-object.ts';
import type { RateLimitOverrideRepository } from './rate-limit-override.repository.port.ts';
import type { RateLimitDecision, RateLimiter } from './rate-limiter.port.ts';

export interface RequestRateLimitDefaults {
  /** Every API key, unless the operator set its account's own. */
  readonly perKey: RateLimitPolicy;
  /** Each client address, on routes that take no key (and for requests whose key is refused). */
  readonly perAddress: RateLimitPolicy;
}

/**
 * The rate limit of each request: per API key (the account's override, else the default) on keyed
 * routes, per client address elsewhere. Overrides are held in memory and reloaded by `refresh()`
 * (the server calls it every few seconds), so no request waits on the database for its policy.
 */
export class RequestRateLimits {
  private overrides: ReadonlyMap<string, RateLimitPolicy> = new Map();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly store: RateLimitOverrideRepository,
    readonly defaults: RequestRateLimitDefaults,
  ) {}

  /** Reloads the operator's overrides. */
  async refresh(): Promise<void> {
    this.overrides = await this.store.all();
  }

  policyOf(accountId: string): RateLimitPolicy {
    return this.overrides.get(accountId) ?? this.defaults.perKey;
  }

  forKey(key: { readonly keyId: string; readonly accountId: string }): Promise<RateLimitDecision> {
    return this.limiter.take(`key:${key.keyId}`, this.policyOf(key.accountId));
  }

  forAddress(address: string): Promise<RateLimitDecision> {
    return this.limiter.take(`ip:${address}`, this.defaults.perAddress);
  }
}
