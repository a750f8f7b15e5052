import { ResultAsync } from '@tuma/kernel';
import type { Catalogue } from '../domain/catalogue/catalogue.port.ts';
import { toCoverage, type CoverageView } from '../domain/catalogue/catalogue.views.ts';

/** Coverage of every market: supported when it has an active route. */
export class GetCoverage {
  constructor(private readonly catalogue: Catalogue) {}

  execute(): ResultAsync<CoverageView, never> {
    return ResultAsync.fromSafePromise(Promise.all([this.catalogue.listMarkets(), this.catalogue.listRoutes()])).map(([markets, routes]) =>
      toCoverage(markets, routes),
    );
  }
}
