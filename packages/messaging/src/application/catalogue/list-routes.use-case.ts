import { ResultAsync } from '@tuma/kernel';
import type { Route } from '../../domain/catalogue/route.model.ts';
import type { Catalogue } from './catalogue.port.ts';

/** Every route, active or not, in market order. */
export class ListRoutes {
  constructor(private readonly catalogue: Catalogue) {}

  execute(): ResultAsync<readonly Route[], never> {
    return ResultAsync.fromSafePromise(this.catalogue.listRoutes());
  }
}
