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

/** The route a request goes to (the first mounted that matches its path and method), if any. */
export function routeLookup(router: Router, routes: readonly RouteDefinition[]): (ctx: Context) => RouteDefinition | undefined {
  const byPath = new Map<string, RouteDefinition>();
  for (const route of routes) for (const path of [route.path, ...(route.aliases ?? [])]) byPath.set(`${route.method.toUpperCase()} ${path}`, route);
  return (ctx) => {
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    for (const layer of router.match(ctx.path, method).pathAndMethod) {
      const route = byPath.get(`${method} ${String(layer.path)}`);
      if (route) return route;
    }
    return undefined;
  };
}
