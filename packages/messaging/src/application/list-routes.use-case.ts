import { ResultAsync } from '@tuma/kernel';
import type { Catalogue } from '../domain/catalogue/catalogue.port.ts';
import { toRouteView, type RouteView } from '../domain/catalogue/catalogue.views.ts';

/** Every route, active or not, in market order. */
export class ListRoutes {
  constructor(private readonly catalogue: Catalogue) {}

  execute(): ResultAsync<RouteView[], never> {
    return ResultAsync.fromSafePromise(this.catalogue.listRoutes()).map((routes) => routes.map(toRouteView));
  }
}
