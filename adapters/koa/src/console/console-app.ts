import Router from '@koa/router';
import type { Identity } from '@tuma/identity';
import Koa, { type Context, type Next } from 'koa';
import { HttpError } from '../http/http-error.ts';
import { requestId, type HttpLogger } from '../http/middleware.ts';
import { checkBasePath, servedUnder } from '../http/base-path.ts';
import { limitByAddress, limitByKey, type RateLimitOptions } from '../http/rate-limit.ts';
import { outageAnswer, type OutageWatch } from '../http/service-unavailable.ts';
import { CONSOLE_CSS } from './assets/console-css.ts';
import { CONSOLE_JS } from './assets/console-js.ts';
import type { ConsolePage, PageAnswer, PageRequest } from './page.ts';
import { consoleSession, consoleSessionOf, type SessionIdentity } from './session/console-session.ts';
import { csrfProtection } from './session/csrf.ts';
import { formBody } from './session/form-body.ts';
import { SealedBox } from './session/sealed-box.ts';
import { errorView } from './layout/error-views.ts';
import type { Section } from './layout/navigation.ts';
import type { ViewContext } from './layout/view-context.ts';

export interface OperatorKeys {
  isActive(keyId: string): Promise<boolean>;
}

/** Where the console is served on the shared port (`{base_url}/app`). */
export const CONSOLE_BASE_PATH = '/app';

export interface ConsoleAppOptions {
  /** Where the console is served on the shared port: `/app`. */
  readonly basePath: string;
  /** At least 32 bytes: seals the session cookie (`CONSOLE_COOKIE_KEY`). */
  readonly cookieKey: Buffer;
  readonly identity: SessionIdentity & Pick<Identity, 'readMe'>;
  readonly pages: readonly ConsolePage[];
  /** Whether an operator key id is still the active operator key (rotating ADMIN_API_KEY ends operator access). */
  readonly operatorKeys?: OperatorKeys;
  readonly logger: HttpLogger;
  /** Tells an unreachable database (a 503 page with Retry-After) from a bug (500). */
  readonly outages?: OutageWatch;
  /** The APIs' request rate limits: per signed-in session on its account's policy, per client address before sign-in. */
  readonly rateLimits?: RateLimitOptions;
  /** Wraps each request (a fresh ORM context). */
  readonly perRequest?: <T>(work: () => Promise<T>) => Promise<T>;
  readonly now?: () => number;
}

/**
 * Headers of every console page: its own stylesheet and script only (nothing from another origin),
 * forms posting to the console only, never framed, never cached.
 */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
};

const ASSETS: Record<string, { type: string; body: string }> = {
  '/assets/console.css': { type: 'text/css; charset=utf-8', body: CONSOLE_CSS },
  '/assets/console.js': { type: 'text/javascript; charset=utf-8', body: CONSOLE_JS },
};

function answer(ctx: Context, result: PageAnswer): void {
  if ('redirect' in result) {
    ctx.status = 303;
    ctx.set('Location', result.redirect);
    ctx.set('Cache-Control', 'no-store');
    return;
  }
  if ('file' in result) {
    ctx.status = 200;
    ctx.set({ 'Content-Type': result.file.contentType, 'Content-Disposition': `attachment; filename="${result.file.filename}"`, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    ctx.body = result.file.body;
    return;
  }
  ctx.status = result.status;
  ctx.set(PAGE_HEADERS);
  ctx.body = result.html;
}

/** The view context of a request: the signed-in user's address read now (a changed address shows at once). */
async function viewOf(ctx: Context, base: string, menu: ReadonlySet<Section>, identity: ConsoleAppOptions['identity'], operatorKeyId: string | undefined): Promise<ViewContext> {
  const session = consoleSessionOf(ctx);
  const member = session.member;
  let user: ViewContext['user'];
  if (member) {
    const me = await identity.readMe.execute({ userId: member.userId, accountId: member.accountId });
    user = me.isOk() ? { email: me.value.user.email, role: me.value.role } : undefined;
  }
  return { base, csrf: session.csrf, user, flash: session.takeFlash(), menu, operator: operatorKeyId !== undefined };
}

/** The session's operator key id while it lasts and the key is still the operator's; an ended one is forgotten. */
async function operatorOf(session: ReturnType<typeof consoleSessionOf>, keys: OperatorKeys | undefined, now: number): Promise<string | undefined> {
  const keyId = session.operatorKeyId(now);
  if (keyId && keys && (await keys.isActive(keyId))) return keyId;
  session.endOperator();
  return undefined;
}

/** HTML for whatever a page throws: refusals with their status, an unreachable database 503, anything else a logged 500; one log line per request, as the APIs write. */
function htmlErrors(base: string, logger: HttpLogger, outages: OutageWatch | undefined) {
  const menu = new Set<Section>();
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new HttpError(404, 'not_found', 'There is no such page in the console.');
      if (ctx.status === 405 && ctx.body === undefined) throw new HttpError(405, 'method_not_allowed', `${ctx.method} is not allowed here.`, undefined, undefined, { Allow: String(ctx.response.get('Allow')) });
    } catch (thrown) {
      const error = thrown instanceof HttpError ? thrown : (outageAnswer(thrown, outages) ?? thrown);
      const known = error instanceof HttpError;
      if (!known) logger.error({ msg: 'unhandled error', request_id: ctx.state.requestId, error: String((error as Error)?.stack ?? error) });
      const session = ctx.state.console as ReturnType<typeof consoleSessionOf> | undefined;
      const view: ViewContext = { base, csrf: session?.csrf ?? '', user: undefined, flash: undefined, menu };
      const status = known ? error.status : 500;
      if (known && error.headers) ctx.set(error.headers);
      const message = known ? error.message : `Something went wrong on our side (request ${ctx.state.requestId}).`;
      answer(ctx, { status, html: errorView(view, status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : status === 503 ? 'Unavailable for a moment' : 'Something went wrong', message) });
    } finally {
      logger.info({ msg: 'request', request_id: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) });
    }
  };
}

/**
 * The web console (docs/dashboard.md): server-rendered pages under `basePath`, on the account
 * service's sessions through a sealed cookie, every form CSRF-checked, each page calling the same
 * use cases as the APIs.
 */
export function createConsoleApp(options: ConsoleAppOptions): Koa {
  const base = checkBasePath(options.basePath);
  const now = options.now ?? Date.now;
  const app = new Koa({ proxy: true });
  const router = new Router();
  const menu = new Set(options.pages.flatMap((page) => ('section' in page && page.section ? [page.section] : [])));
  for (const [path, asset] of Object.entries(ASSETS)) {
    router.get(path, (ctx) => {
      ctx.set({ 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' });
      ctx.body = asset.body;
    });
  }
  for (const page of options.pages) {
    // The body is read, and its form token checked, only once a page answers the path.
    router[page.method](page.path, formBody(page.uploadLimitBytes), csrfProtection(), async (ctx) => {
      const session = consoleSessionOf(ctx);
      if ((page.visitor === 'member' || page.visitor === 'operator') && !session.member) {
        const back = ctx.method === 'GET' ? `?next=${encodeURIComponent(`${base}${ctx.path}${ctx.search}`)}` : '';
        return answer(ctx, { redirect: `${base}/sign-in${back}` });
      }
      if (page.visitor === 'signed-out' && session.member) return answer(ctx, { redirect: `${base}/` });
      const operatorKeyId = await operatorOf(session, options.operatorKeys, now());
      const view = await viewOf(ctx, base, menu, options.identity, operatorKeyId);
      const request: PageRequest = {
        koa: ctx,
        session,
        view,
        form: (ctx.state.form as URLSearchParams | undefined) ?? new URLSearchParams(),
        files: (ctx.state.files as PageRequest['files'] | undefined) ?? new Map(),
        query: new URLSearchParams(ctx.querystring),
        params: ctx.params,
      };
      if (page.visitor === 'operator') {
        if (!operatorKeyId) throw new HttpError(404, 'not_found', 'There is no such page in the console.');
        return answer(ctx, await page.handle({ ...request, member: session.member!, operatorKeyId }));
      }
      if (page.visitor !== 'member') return answer(ctx, await page.handle(request));
      const member = session.member!;
      if (page.roles && !page.roles.includes(member.role)) {
        return answer(ctx, { status: 403, html: errorView(view, 'Not allowed', `Your role (${member.role}) cannot do this: ask an owner or an admin (needs ${page.roles.join(', ')}).`) });
      }
      return answer(ctx, await page.handle({ ...request, member }));
    });
  }
  const perRequest = options.perRequest ?? ((work) => work());
  app.use(requestId());
  app.use(htmlErrors(base, options.logger, options.outages));
  if (base) app.use(servedUnder(base));
  app.use((ctx, next) => (ASSETS[ctx.path] ? next() : perRequest(() => next())));
  const session = consoleSession({ box: new SealedBox(options.cookieKey), identity: options.identity, now, path: base || '/' });
  app.use((ctx, next) => (ASSETS[ctx.path] ? next() : session(ctx, next)));
  app.use(async (ctx, next) => {
    if (ASSETS[ctx.path]) return next();
    const member = consoleSessionOf(ctx).member;
    if (member) await limitByKey(ctx, options.rateLimits, { keyId: member.sessionId, accountId: member.accountId });
    else await limitByAddress(ctx, options.rateLimits);
    return next();
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
