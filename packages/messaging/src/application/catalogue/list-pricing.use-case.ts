import { ResultAsync } from '@tuma/kernel';
import { pricedRoutes } from '../../domain/catalogue/coverage.ts';
import type { Route } from '../../domain/catalogue/route.model.ts';
import type { Catalogue } from './catalogue.port.ts';

/** The price per segment of every active route. */
export class ListPricing {
  constructor(private readonly catalogue: Catalogue) {}

  execute(): ResultAsync<readonly Route[], never> {
    return ResultAsync.fromSafePromise(this.catalogue.listRoutes()).map(pricedRoutes);
  }
}
