import type { RequestListener } from 'node:http';
import type Koa from 'koa';
import { withinBasePath } from './base-path.ts';

export interface MountedApi {
  /** Where the app is served on the shared port (`/mail`); the app was built with the same base path. */
  readonly basePath: string;
  /** A Koa app, or a listener of node's requests (the short-link host answers clicks below Koa). */
  readonly app: Koa | RequestListener;
}

/**
 * One port, several APIs: a request goes to the app whose base path it is under (`/mail`,
 * `/mail/...`), anything else to the root app. Each app keeps its own middleware, errors and
 * context, and removes its base path itself (`servedUnder`), so it can as well listen alone.
 */
export function mountApis(root: Koa, mounted: readonly MountedApi[]): RequestListener {
  const handlers = mounted.map(({ basePath, app }) => ({ basePath, handle: typeof app === 'function' ? app : app.callback() }));
  const rootHandle = root.callback();
  return (req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const target = handlers.find(({ basePath }) => withinBasePath(path, basePath) !== undefined);
    void (target?.handle ?? rootHandle)(req, res);
  };
}
