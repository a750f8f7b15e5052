import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { LinkDestination, LinksService, ShortPath } from '@tuma/links';
import Koa, { type Context } from 'koa';
import { checkBasePath, withinBasePath } from '../../http/base-path.ts';
import { htmlPage } from '../../http/html.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorHandler, internalErrorBody, jsonBody, requestId, requestIdOf, type HttpLogger } from '../../http/middleware.ts';
import { clientAddress, clientAddressOf, limitByAddress, rateLimitRefusal, type RateLimitOptions } from '../../http/rate-limit.ts';
import type { HttpResult } from '../../http/route.ts';
import { outageAnswer, type OutageWatch } from '../../http/service-unavailable.ts';
import { linkExpiredView, linkNotFoundView, linkPasswordView } from './short-link-views.ts';

export type ShortLinkUseCases = Pick<LinksService, 'followLink' | 'unlockLink'>;

export interface ShortLinkHostOptions {
  readonly useCases: ShortLinkUseCases;
  /** Where the host is mounted on a shared port (`/s`); '' at the root of a host of its own. */
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
  /** Tells an unreachable database (503 with Retry-After) from a bug (500). */
  readonly outages?: OutageWatch;
}

const SLUG = /^[A-Za-z0-9_-]{1,64}$/;
/** Every click must reach us to be counted: no cache may answer for us. */
const UNCACHED = { 'Cache-Control': 'private, no-store, max-age=0', 'Referrer-Policy': 'unsafe-url' };
/** The password form's body: `password=...`, form-encoded. */
const PASSWORD_FORM = { contentTypes: ['application/x-www-form-urlencoded'], limitBytes: 4096 };
const readPasswordForm = jsonBody(PASSWORD_FORM.limitBytes, () => PASSWORD_FORM);

function destinationAnswer(slug: string, destination: LinkDestination): HttpResult {
  switch (destination.kind) {
    case 'redirect':
      return { status: 302, headers: { Location: destination.location, ...UNCACHED } };
    case 'expired':
      return destination.location ? { status: 302, headers: { Location: destination.location, ...UNCACHED } } : htmlPage(410, linkExpiredView());
    case 'password_required':
      return htmlPage(200, linkPasswordView(slug, 'none'));
  }
}

const notFoundPage = (): HttpResult => htmlPage(404, linkNotFoundView());

/**
 * The short-link host (docs/links.md, "Redirects"): `{SHORT_BASE_URL}/{slug}`, or `/{slug}` of a
 * verified branded domain (with `domainOf`; "Branded domains"). Every click is a GET: it is
 * answered on node's request itself, with the per-address limit, one slug lookup (the links'
 * cache) and the answer, and nothing else — no Koa context, no request id, no log line (the click
 * is the redirect's record; a failure is logged with its request id). That is what a redirect costs
 * beside a bare handler (docs/performance.md). HEAD answers alike and counts no click. The password
 * form (POST) and any other method go to a Koa app with the APIs' middleware.
 */
export function createShortLinkHost(options: ShortLinkHostOptions): RequestListener {
  const basePath = checkBasePath(options.basePath);
  const forms = passwordFormApp(options, basePath).callback();
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void forms(req, res);
    follow(req, basePath, options).then(
      (answer) => write(res, answer),
      (error: unknown) => failed(res, requestIdOf(header(req, 'x-request-id')), error, options),
    );
  };
}

/** GET follows the link (a visit, counted); HEAD answers alike without one: no one visited. */
async function follow(req: IncomingMessage, basePath: string, options: ShortLinkHostOptions): Promise<HttpResult> {
  const address = clientAddressOf(req, options.trustedProxyHops);
  if (options.rateLimits) {
    const decision = await options.rateLimits.limits.forAddress(address);
    if (!decision.allowed) return errorAnswer(rateLimitRefusal(decision));
  }
  const named = shortPathOf(req.url ?? '/', header(req, 'host'), basePath, options);
  const path = named instanceof Promise ? await named : named;
  if (!path) return notFoundPage();
  const visit = req.method === 'GET' ? { address, userAgent: header(req, 'user-agent') ?? '', referer: header(req, 'referer') || undefined } : undefined;
  const destination = await options.useCases.followLink.execute(path, visit);
  return destination.isErr() ? notFoundPage() : destinationAnswer(path.slug, destination.value);
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const errorAnswer = (error: HttpError): HttpResult => ({ status: error.status, body: error.toBody(), headers: error.headers ?? {} });

function write(res: ServerResponse, answer: HttpResult): void {
  const json = answer.body !== undefined && typeof answer.body !== 'string';
  const body = answer.body === undefined ? '' : json ? JSON.stringify(answer.body) : (answer.body as string);
  res.writeHead(answer.status, { ...answer.headers, ...(json ? { 'Content-Type': 'application/json; charset=utf-8' } : {}), 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** A redirect that threw: 503 with Retry-After when the database is unreachable (noted once per outage), else a logged 500. */
function failed(res: ServerResponse, requestId: string, error: unknown, options: Pick<ShortLinkHostOptions, 'logger' | 'outages'>): void {
  const unavailable = outageAnswer(error, options.outages);
  if (!unavailable) options.logger.error({ msg: 'unhandled error', request_id: requestId, error: String((error as Error)?.stack ?? error) });
  if (res.headersSent) return void res.destroy();
  const headers = { 'X-Request-Id': requestId };
  write(res, unavailable ? { status: unavailable.status, headers: { ...headers, ...unavailable.headers }, body: unavailable.toBody() } : { status: 500, headers, body: internalErrorBody(requestId) });
}

/**
 * The link a request names: its slug, on the default short domain or on the branded domain of its
 * Host; undefined for none. Only a branded domain's needs a lookup (a promise).
 */
function shortPathOf(url: string, host: string | undefined, basePath: string, options: ShortLinkHostOptions): ShortPath | undefined | Promise<ShortPath | undefined> {
  const query = url.indexOf('?');
  const slug = slugOf(query === -1 ? url : url.slice(0, query), basePath);
  if (slug === undefined) return undefined;
  if (!options.domainOf) return { slug, domainId: null };
  if (host === undefined) return undefined;
  return options.domainOf(host).then((domainId) => (domainId === undefined ? undefined : { slug, domainId }));
}

/** The slug of `/{slug}` under the base path; undefined for any other path. */
function slugOf(path: string, basePath: string): string | undefined {
  const rest = withinBasePath(path, basePath);
  if (rest === undefined || !rest.startsWith('/')) return undefined;
  const slug = rest.slice(1);
  return SLUG.test(slug) ? slug : undefined;
}

/** POST, the password page's form, through Koa (request id, log line, body limits, the JSON errors); 405 for any other method. */
function passwordFormApp(options: ShortLinkHostOptions, basePath: string): Koa {
  const app = new Koa();
  app.use(requestId());
  app.use(errorHandler(options.logger, options.outages));
  app.use(async (ctx) => {
    if (ctx.method !== 'POST') {
      throw new HttpError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`, undefined, { allow: ['GET', 'HEAD', 'POST'] }, { Allow: 'GET, HEAD, POST' });
    }
    await limitByAddress(ctx, options.rateLimits, 'on-refusal');
    const path = await shortPathOf(ctx.url, ctx.get('Host') || undefined, basePath, options);
    const answer = path ? await unlock(ctx, path, options) : notFoundPage();
    ctx.status = answer.status;
    if (answer.headers) ctx.set(answer.headers);
    if (answer.body !== undefined) ctx.body = answer.body;
  });
  return app;
}

async function unlock(ctx: Context, path: ShortPath, options: ShortLinkHostOptions): Promise<HttpResult> {
  await readPasswordForm(ctx, async () => {});
  const password = new URLSearchParams((ctx.state.body as string | undefined) ?? '').get('password') ?? '';
  const visit = { address: clientAddress(ctx, options.trustedProxyHops), userAgent: ctx.get('User-Agent'), referer: ctx.get('Referer') || undefined };
  const unlocked = await options.useCases.unlockLink.execute({ ...path, password }, visit);
  if (unlocked.isOk()) return destinationAnswer(path.slug, unlocked.value);
  switch (unlocked.error.type) {
    case 'wrong_link_password':
      return htmlPage(403, linkPasswordView(path.slug, 'wrong'));
    case 'rate_limited': {
      const held = htmlPage(429, linkPasswordView(path.slug, { waitSeconds: unlocked.error.retryAfter }));
      return { ...held, headers: { ...held.headers, 'Retry-After': String(unlocked.error.retryAfter) } };
    }
    case 'not_found':
      return notFoundPage();
  }
}
