import type { Context, Next } from 'koa';
import { HttpError } from './http-error.ts';

/** A path an API may be served under on a shared port: `/mail`, or '' for the root of its own port. */
const BASE_PATH = /^(\/[a-z0-9-]+)?$/;

export function checkBasePath(basePath: string): string {
  if (!BASE_PATH.test(basePath)) throw new Error(`An API's base path is '' or one lowercase segment such as /mail, not ${JSON.stringify(basePath)}`);
  return basePath;
}

/** The path within the API of a request path under `basePath` (`/mail` -> `/`, `/mail/x` -> `/x`), or undefined when it is not under it. */
export function withinBasePath(path: string, basePath: string): string | undefined {
  if (!path.startsWith(basePath)) return undefined;
  const rest = path.slice(basePath.length);
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : undefined;
}

/**
 * Routes see paths within the API (as koa-mount does): `ctx.path` loses the base path while the
 * request goes down and gets it back on the way up, so logs and 404/405 messages name the full path.
 */
export function servedUnder(basePath: string) {
  return async (ctx: Context, next: Next) => {
    const full = ctx.path;
    const inner = withinBasePath(full, basePath);
    if (inner === undefined) throw new HttpError(404, 'not_found', `No route for ${ctx.method} ${full}`);
    ctx.path = inner;
    try {
      await next();
    } finally {
      ctx.path = full;
    }
  };
}
