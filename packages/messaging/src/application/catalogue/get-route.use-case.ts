import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { Route } from '../../domain/catalogue/route.model.ts';
import type { Catalogue } from './catalogue.port.ts';

/** One route by code (any case), active or not. */
export class GetRoute {
  constructor(private readonly catalogue: Catalogue) {}

  execute(input: { code: string }): ResultAsync<Route, NotFoundError> {
    return ResultAsync.fromSafePromise(this.catalogue.findRoute(input.code)).andThen((route) =>
      route ? okAsync(route) : errAsync(notFound('route', input.code)),
    );
  }
}
