import { ResultAsync } from '@tuma/kernel';
import { coverageOf, type Coverage } from '../../domain/catalogue/coverage.ts';
import type { Catalogue } from './catalogue.port.ts';

/** Coverage of every market: supported when it has an active route. */
export class GetCoverage {
  constructor(private readonly catalogue: Catalogue) {}

  execute(): ResultAsync<Coverage, never> {
    return ResultAsync.fromSafePromise(Promise.all([this.catalogue.listMarkets(), this.catalogue.listRoutes()])).map(([markets, routes]) =>
      coverageOf(markets, routes),
    );
  }
}
