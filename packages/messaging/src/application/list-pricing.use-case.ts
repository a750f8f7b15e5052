import { ResultAsync } from '@tuma/kernel';
import type { Catalogue } from '../domain/catalogue/catalogue.port.ts';
import { toPricing, type PricingEntry } from '../domain/catalogue/catalogue.views.ts';

/** The price per segment of every active route. */
export class ListPricing {
  constructor(private readonly catalogue: Catalogue) {}

  execute(): ResultAsync<PricingEntry[], never> {
    return ResultAsync.fromSafePromise(this.catalogue.listRoutes()).map(toPricing);
  }
}
