import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RouteDefinition } from './route.ts';

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
