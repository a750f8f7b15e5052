import type { Context, Next } from 'koa';
import { HttpError } from '../../http/http-error.ts';
import { consoleSessionOf } from './console-session.ts';

/** The form field (and, for the console's own scripts, the header) carrying the session's form token. */
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Synchronizer-token CSRF protection: every state-changing request must carry the token kept in the
 * visitor's sealed cookie (a form field or a header), else 403. The token is made with the cookie,
 * replaced at sign-in and sign-out, and never readable by another site (HttpOnly, sealed).
 */
export function csrfProtection() {
  return async (ctx: Context, next: Next) => {
    if (!UNSAFE.has(ctx.method)) return next();
    const form = ctx.state.form as URLSearchParams | undefined;
    const token = form?.get(CSRF_FIELD) ?? (ctx.get(CSRF_HEADER) || undefined);
    if (!consoleSessionOf(ctx).acceptsCsrf(token)) {
      throw new HttpError(403, 'csrf_refused', 'This form has expired or did not come from the console: reload the page and try again.');
    }
    return next();
  };
}
