import { ResultAsync } from '@tuma/kernel';
import type { TwoWayPricingEntry } from '../../domain/pricing/two-way-pricing-entry.ts';
import type { TwoWayPricing } from './two-way-pricing.ts';

/** `GET /two-way/pricing`: every market's entry, in market order. */
export class ListTwoWayPricing {
  constructor(private readonly pricing: TwoWayPricing) {}

  execute(): ResultAsync<readonly TwoWayPricingEntry[], never> {
    return ResultAsync.fromSafePromise(this.pricing.entries());
  }
}
