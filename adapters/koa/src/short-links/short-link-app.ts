import type { LinkDestination, LinksService, ShortPath, Visit } from '@tuma/links';
import Koa, { type Context } from 'koa';
import { checkBasePath, withinBasePath } from '../http/base-path.ts';
import { htmlPage } from '../http/html.ts';
import { HttpError } from '../http/http-error.ts';
import { errorHandler, jsonBody, requestId, type HttpLogger } from '../http/middleware.ts';
import { clientAddress, limitByAddress, type RateLimitOptions } from '../http/rate-limit.ts';
import type { HttpResult } from '../http/route.ts';
import { linkExpiredView, linkNotFoundView, linkPasswordView } from '../pages/short-link-views.ts';

export type ShortLinkUseCases = Pick<LinksService, 'followLink' | 'unlockLink'>;

export interface ShortLinkAppOptions {
  readonly useCases: ShortLinkUseCases;
  /** Where the app is mounted on a shared port (`/s`); '' at the root of a host of its own. */
  readonly basePath: string;
  readonly logger: HttpLogger;
  /** Per client address, as every public route; none when absent. */
  readonly rateLimits?: RateLimitOptions;
  /** TRUST_PROXY_HOPS: the visitor's address comes from X-Forwarded-For only behind that many trusted proxies. */
  readonly trustedProxyHops: number;
  /**
   * For a branded domain's host: the verified domain a request's `Host` names (undefined: none, the
   * 404 page). Absent: the links of the default short domain.
   */
  readonly domainOf?: (host: string) => Promise<string | undefined>;
}

const SLUG = /^[A-Za-z0-9_-]{1,64}$/;
/** Every click must reach us to be counted: no cache may answer for us. */
const UNCACHED = { 'Cache-Control': 'private, no-store, max-age=0', 'Referrer-Policy': 'unsafe-url' };
/** The password form's body: `password=...`, form-encoded. */
const PASSWORD_FORM = { contentTypes: ['application/x-www-form-urlencoded'], limitBytes: 4096 };
const readPasswordForm = jsonBody(PASSWORD_FORM.limitBytes, () => PASSWORD_FORM);

const visitOf = (ctx: Context, hops: number): Visit => ({ address: clientAddress(ctx, hops), userAgent: ctx.get('User-Agent'), referer: ctx.get('Referer') || undefined });

function destinationAnswer(slug: string, destination: LinkDestination): HttpResult {
  switch (destination.kind) {
    case 'redirect':
      return { status: 302, headers: { Location: destination.location, ...UNCACHED } };
    case 'expired':
      return destination.location ? { status: 302, headers: { Location: destination.location, ...UNCACHED } } : htmlPage(410, linkExpiredView());
    case 'password_required':
      return htmlPage(200, linkPasswordView(slug, false));
  }
}

const notFoundPage = (): HttpResult => htmlPage(404, linkNotFoundView());

/** GET follows the link (a visit, counted); HEAD answers alike without one: no one visited. */
async function follow(ctx: Context, path: ShortPath, options: ShortLinkAppOptions): Promise<HttpResult> {
  const visit = ctx.method === 'GET' ? visitOf(ctx, options.trustedProxyHops) : undefined;
  const destination = await options.useCases.followLink.execute(path, visit);
  return destination.isErr() ? notFoundPage() : destinationAnswer(path.slug, destination.value);
}

async function unlock(ctx: Context, path: ShortPath, options: ShortLinkAppOptions): Promise<HttpResult> {
  await readPasswordForm(ctx, async () => {});
  const password = new URLSearchParams((ctx.state.body as string | undefined) ?? '').get('password') ?? '';
  const unlocked = await options.useCases.unlockLink.execute({ ...path, password }, visitOf(ctx, options.trustedProxyHops));
  if (unlocked.isOk()) return destinationAnswer(path.slug, unlocked.value);
  return unlocked.error.type === 'wrong_link_password' ? htmlPage(403, linkPasswordView(path.slug, true)) : notFoundPage();
}

/** The link a request names: its slug, on the default short domain or on the branded domain of its Host; undefined for none. */
async function shortPathOf(ctx: Context, basePath: string, options: ShortLinkAppOptions): Promise<ShortPath | undefined> {
  const slug = slugOf(ctx.path, basePath);
  if (slug === undefined) return undefined;
  if (!options.domainOf) return { slug, domainId: null };
  const domainId = await options.domainOf(ctx.get('Host'));
  return domainId === undefined ? undefined : { slug, domainId };
}

/** The slug of `/{slug}` under the base path; undefined for any other path. */
function slugOf(path: string, basePath: string): string | undefined {
  const rest = withinBasePath(path, basePath);
  if (rest === undefined || !rest.startsWith('/')) return undefined;
  const slug = rest.slice(1);
  return SLUG.test(slug) ? slug : undefined;
}

/**
 * The short-link host (docs/links.md, "Redirects"): `{SHORT_BASE_URL}/{slug}`, or `/{slug}` of a
 * verified branded domain (with `domainOf`; "Branded domains"), a Koa app of its own
 * beside the APIs (ARCHITECTURE.md), so that a redirect passes through a request id, the request log,
 * the per-address rate limit and one slug lookup, and nothing of the APIs' stack (no route table of
 * hundreds of patterns, no ORM context: the lookup goes through the links' cache). GET follows the
 * link, POST is the password form.
 */
export function createShortLinkApp(options: ShortLinkAppOptions): Koa {
  const basePath = checkBasePath(options.basePath);
  const app = new Koa({ proxy: true });
  app.use(requestId());
  app.use(errorHandler(options.logger));
  app.use(async (ctx) => {
    await limitByAddress(ctx, options.rateLimits, 'on-refusal');
    const answer = await answerFor(ctx, await shortPathOf(ctx, basePath, options), options);
    ctx.status = answer.status;
    if (answer.headers) ctx.set(answer.headers);
    if (answer.body !== undefined) ctx.body = answer.body;
  });
  return app;
}

async function answerFor(ctx: Context, path: ShortPath | undefined, options: ShortLinkAppOptions): Promise<HttpResult> {
  switch (ctx.method) {
    case 'GET':
    case 'HEAD':
      return path ? follow(ctx, path, options) : notFoundPage();
    case 'POST':
      return path ? unlock(ctx, path, options) : notFoundPage();
    default:
      throw new HttpError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`, undefined, { allow: ['GET', 'HEAD', 'POST'] }, { Allow: 'GET, HEAD, POST' });
  }
}
