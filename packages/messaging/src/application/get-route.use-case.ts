import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { Catalogue } from '../domain/catalogue/catalogue.port.ts';
import { toRouteView, type RouteView } from '../domain/catalogue/catalogue.views.ts';

/** One route by code (any case), active or not: the spec's Route view. */
export class GetRoute {
  constructor(private readonly catalogue: Catalogue) {}

  execute(input: { code: string }): ResultAsync<RouteView, NotFoundError> {
    return ResultAsync.fromSafePromise(this.catalogue.findRoute(input.code)).andThen((route) =>
      route ? okAsync(toRouteView(route)) : errAsync(notFound('route', input.code)),
    );
  }
}
