import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RawBodyOptions, RouteDefinition } from './route.ts';

/** Finds the `rawBody` options of the route a request goes to (the body is read before routing). */
export function rawBodyLookup(router: Router, routes: readonly RouteDefinition[]): (ctx: Context) => RawBodyOptions | undefined {
  const byRoute = new Map<string, RawBodyOptions>();
  for (const route of routes) {
    if (!route.rawBody) continue;
    for (const path of [route.path, ...(route.aliases ?? [])]) byRoute.set(`${route.method.toUpperCase()} ${path}`, route.rawBody);
  }
  return (ctx) => {
    if (byRoute.size === 0) return undefined;
    return router
      .match(ctx.path, ctx.method)
      .pathAndMethod.map((layer) => byRoute.get(`${ctx.method} ${String(layer.path)}`))
      .find((options) => options !== undefined);
  };
}
