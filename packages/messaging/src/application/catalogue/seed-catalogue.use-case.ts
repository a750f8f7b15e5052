import { ResultAsync } from '@tuma/kernel';
import type { Catalogue, CatalogueData, CatalogueSeedReport } from './catalogue.port.ts';
import { defaultCatalogueData } from '../../domain/catalogue/default-catalogue.data.ts';

/**
 * At every start: adds the built-in markets, routes and fees the catalogue lacks, and changes
 * nothing that exists. After the first start the catalogue (the database) is the source of truth.
 */
export class SeedCatalogue {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly data: CatalogueData = defaultCatalogueData(),
  ) {}

  execute(): ResultAsync<CatalogueSeedReport, never> {
    return ResultAsync.fromSafePromise(this.catalogue.seed(this.data));
  }
}
