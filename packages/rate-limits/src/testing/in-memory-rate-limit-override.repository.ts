import type { RateLimitOverrideRepository } from '../application/rate-limit-override.repository.port.ts';
import type { RateLimitPolicy } from '../domain/rate-limit-policy.value-object.ts';
import { UndoableMap } from '@tuma/kernel/testing';

export class InMemoryRateLimitOverrideRepository implements RateLimitOverrideRepository {
  private readonly overrides = new UndoableMap<string, RateLimitPolicy>();

  async find(accountId: string): Promise<RateLimitPolicy | undefined> {
    return this.overrides.get(accountId);
  }

  async all(): Promise<ReadonlyMap<string, RateLimitPolicy>> {
    return new Map(this.overrides);
  }

  async save(accountId: string, policy: RateLimitPolicy | undefined): Promise<void> {
    if (policy) this.overrides.set(accountId, policy);
    else this.overrides.delete(accountId);
  }
}
