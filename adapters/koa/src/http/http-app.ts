import Router from '@koa/router';
import { accountSuspended, type Account, type Principal } from '@tuma/accounts';
import { insufficientRole, type Member } from '@tuma/identity';
import { errAsync, type ResultAsync } from '@tuma/kernel';
import Koa, { type Context } from 'koa';
import { z } from 'zod';
import { requireLiveKey } from './live-key.ts';
import { HttpError, MAX_ERROR_DETAILS, type FieldLocation } from './http-error.ts';
import { unstorableFields } from './storable-text.ts';
import { toHttpError, type AppError } from './domain-error-status.ts';
import { errorHandler, jsonBody, notFoundAndMethodNotAllowed, requestId, type HttpLogger } from './middleware.ts';
import { buildOpenApiDocument } from './openapi.ts';
import type { ExamplesByOperation } from './operation-examples.ts';
import { apiDocs } from './api-docs.ts';
import type { ApiDescription } from './api-description.ts';
import { checkBasePath, servedUnder } from './base-path.ts';
import { json, type Caller, type RouteDefinition } from './route.ts';
import { parseInput, requireAll, type Parsed } from './validation.ts';
import { routeLookup } from './route-lookup.ts';
import { limitByAddress, limitByKey, type RateLimitOptions } from './rate-limit.ts';
import type { OutageWatch } from './service-unavailable.ts';
import { idempotencyKeyOf, runIdempotently, type HttpIdempotency, type RouteIdempotency } from './idempotency.ts';

/** Checks a bearer token: the key kinds of one API. */
export type Authenticate = (token: string) => ResultAsync<Principal, AppError>;

/** Checks a dashboard user's access token (JWT) on session routes. */
export type AuthenticateSession = (token: string) => ResultAsync<Member, AppError>;

export interface HttpAppOptions {
  /** Which API this app is: its document's title and description, its key kinds. */
  readonly api: ApiDescription;
  /** The path the app is served under on a port shared with other APIs (`/mail`); '' (default) at the root. */
  readonly basePath?: string;
  readonly routes: readonly RouteDefinition[];
  /** Required as soon as one route is keyed; an API without keyed routes takes no keys. */
  readonly authenticate?: Authenticate;
  /** Required as soon as one route takes a session (`access: { session: true }`). */
  readonly authenticateSession?: AuthenticateSession;
  /** Required as soon as one route takes a key or a session: the signed-in member's account, whose data the route reaches. */
  readonly readAccount?: (accountId: string) => Promise<Account | undefined>;
  /** Wraps each request (e.g. in a fresh ORM context). */
  readonly perRequest?: <T>(work: () => Promise<T>) => Promise<T>;
  readonly bodyLimitBytes: number;
  readonly logger: HttpLogger;
  readonly version: string;
  /** Request rate limits (per key on keyed routes, per client address elsewhere); none when absent. */
  readonly rateLimits?: RateLimitOptions;
  /** Idempotency-Key records, required when a route is `idempotent`. */
  readonly idempotency?: HttpIdempotency;
  /** Tells an unreachable database (503 service_unavailable) from a bug (500); every fault is a 500 without it. */
  readonly outages?: OutageWatch;
  /** Examples of the operations (by operationId) for /openapi.json; none when absent. */
  readonly examples?: ExamplesByOperation;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** The compact form of a JWT: on a route that takes a key or a session, such a token is an access token, anything else a key. */
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** The request's bearer token: 401 when it has none. */
function bearerToken(ctx: Context, credential: string): string {
  const header = ctx.get('Authorization');
  const token = BEARER.exec(header)?.[1];
  if (token) return token;
  throw new HttpError(401, 'unauthorized', header ? `Authorization must be "Bearer <${credential}>"` : `Missing ${credential}`, undefined, undefined, {
    'WWW-Authenticate': 'Bearer',
  });
}

/** The caller of a token: 401 (or 403 account_suspended) when it does not hold. */
async function checked<T>(check: (token: string) => ResultAsync<T, AppError>, token: string): Promise<T> {
  const caller = await check(token);
  if (caller.isErr()) throw toHttpError(caller.error);
  return caller.value;
}

/**
 * The request's rate-limit budget once its caller is known: the key's, or the session's on the
 * account's limit. A route taking a key or a session checks a JWT as an access token, else as a key.
 */
async function authenticateCaller(ctx: Context, route: RouteDefinition, checks: CallerChecks): Promise<{ keyId: string; accountId: string } | undefined> {
  const takesKey = 'anyScope' in route.access;
  const takesSession = 'session' in route.access;
  if (!takesKey && !takesSession) return undefined;
  const token = bearerToken(ctx, takesKey && takesSession ? 'API key or access token' : takesKey ? 'API key' : 'access token');
  if (takesSession && (!takesKey || JWT.test(token))) {
    const member = await checked(checks.session, token);
    ctx.state.member = member;
    return { keyId: member.sessionId, accountId: member.accountId };
  }
  const principal = await checked(checks.key, token);
  ctx.state.principal = principal;
  return { keyId: principal.apiKey.id, accountId: principal.account.id };
}

/**
 * Before the body is read: the caller's key on keyed routes (kept in `ctx.state.principal`) or
 * access token on session routes (`ctx.state.member`), then the rate limit, per key or session once
 * authenticated, per client address otherwise (public routes, paths without a route, and requests
 * whose credential is refused: guessing keys costs the address).
 */
function authenticateAndLimit(routeOf: (ctx: Context) => RouteDefinition | undefined, checks: CallerChecks, options: HttpAppOptions) {
  return async (ctx: Context, next: () => Promise<unknown>) => {
    const route = routeOf(ctx);
    let budget: { keyId: string; accountId: string } | undefined;
    try {
      budget = route && (await authenticateCaller(ctx, route, checks));
    } catch (refusal) {
      await limitByAddress(ctx, options.rateLimits);
      throw refusal;
    }
    if (budget) await limitByKey(ctx, options.rateLimits, budget);
    else await limitByAddress(ctx, options.rateLimits);
    await next();
  };
}

/**
 * What the route asks of the caller authenticated before it: a key's scopes (and environment), a
 * member's role; then whose data it reaches (`Caller`): the key's account and environment, or the
 * member's account, live (a suspended one refused as its keys are).
 */
async function authorize(ctx: Context, route: RouteDefinition, readAccount: CallerChecks['account']): Promise<{ principal?: Principal; caller?: Caller }> {
  const { access } = route;
  const member = ctx.state.member as Member | undefined;
  const principal = ctx.state.principal as Principal | undefined;
  if (member && 'roles' in access && access.roles && !access.roles.includes(member.role)) throw toHttpError(insufficientRole(access.roles));
  if (principal && 'anyScope' in access) {
    const required = access.anyScope;
    if (!principal.apiKey.hasAnyScope(required)) {
      throw toHttpError({
        type: 'insufficient_scope',
        required,
        message: `This key lacks the scope for this operation (needs one of: ${required.join(', ')})`,
      });
    }
    if ('liveKeysOnly' in access && access.liveKeysOnly) requireLiveKey(principal, 'This operation reads or changes live data: use a live key (svc_live_...)');
    return { principal, caller: { account: principal.account, environment: principal.apiKey.environment, apiKey: principal.apiKey, member: undefined } };
  }
  if (member && 'anyScope' in access) {
    const account = await readAccount(member.accountId);
    if (!account) throw new Error(`Account ${member.accountId} of a live session is missing`);
    if (account.isSuspended) throw toHttpError(accountSuspended());
    return { caller: { account, environment: 'live', apiKey: undefined, member } };
  }
  return {};
}

/** One rule for every route: text that cannot be stored is refused before any schema or handler sees it. */
function refuseUnstorableText(ctx: Context): void {
  const details = [
    ...unstorableFields(ctx.params, 'path', MAX_ERROR_DETAILS),
    ...unstorableFields(ctx.query, 'query', MAX_ERROR_DETAILS),
    ...unstorableFields(ctx.state.body, 'body', MAX_ERROR_DETAILS),
  ];
  if (details.length > 0) throw new HttpError(422, 'validation_error', 'Request validation failed', details);
}

const isAbsent = (value: unknown): boolean => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The spec answers missing required fields of some routes (send, send-bulk) with 400, not 422. */
function refuseMissingFields(ctx: Context, route: RouteDefinition): void {
  if (!route.requiredFields) return;
  const body: unknown = ctx.state.body;
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const missing = route.requiredFields
    .map((field) => (typeof field === 'string' ? [field] : field))
    .filter((anyOf) => anyOf.every((name) => isAbsent(fields[name])));
  if (missing.length === 0) return;
  throw new HttpError(
    400,
    'missing_fields',
    `Missing required fields: ${missing.map((anyOf) => anyOf.join(' or ')).join(', ')}`,
    missing.map((anyOf) => ({ path: anyOf[0]!, message: anyOf.length > 1 ? `Required: ${anyOf.join(' or ')}` : 'Required', in: 'body' as const })),
  );
}

interface CallerChecks {
  readonly key: Authenticate;
  readonly session: AuthenticateSession;
  readonly account: (accountId: string) => Promise<Account | undefined>;
}

/**
 * The app's key and access-token checks. A keyed (or session) route without its check is a wiring
 * mistake, refused when the app is built; an API without such routes refuses every such token, as
 * any unknown one is refused (401).
 */
function callerChecksOf(options: HttpAppOptions): CallerChecks {
  const needed = (kinds: readonly ('anyScope' | 'session')[], credential: string, option: string) => {
    const route = options.routes.find((candidate) => kinds.every((kind) => kind in candidate.access));
    if (route) throw new Error(`${route.method.toUpperCase()} ${route.path} takes ${credential}: createHttpApp needs its ${option} option (${options.api.name} API)`);
  };
  if (!options.authenticate) needed(['anyScope'], 'an API key', 'authenticate');
  if (!options.authenticateSession) needed(['session'], 'an access token', 'authenticateSession');
  if (!options.readAccount) needed(['anyScope', 'session'], 'a key or an access token', 'readAccount');
  return {
    key: options.authenticate ?? (() => errAsync({ type: 'unauthorized', message: `The ${options.api.title} takes no API keys` })),
    session: options.authenticateSession ?? (() => errAsync({ type: 'unauthorized', message: `The ${options.api.title} takes no access tokens` })),
    account: options.readAccount ?? (async () => undefined),
  };
}

/** The app's Idempotency-Key records for an idempotent route: one that reaches an account's data (keys are per account and environment), and the app must have them. */
function idempotencyOf(route: RouteDefinition, options: MountOptions): HttpIdempotency {
  if (!('anyScope' in route.access)) {
    throw new Error(`${route.method.toUpperCase()} ${route.path}: an idempotent route takes API keys (keys are per account and environment)`);
  }
  if (!options.idempotency) throw new Error(`${route.method.toUpperCase()} ${route.path} is idempotent: createHttpApp needs its idempotency option`);
  return options.idempotency;
}

/** `GET /health` -> handler: routes whose path has no parameter, found without trying every route's pattern. */
type ExactRoutes = Map<string, { readonly route: RouteDefinition; readonly handle: (ctx: Context) => Promise<void> }>;

/** What every route's handling needs from the app's options. */
type MountOptions = Pick<HttpAppOptions, 'idempotency' | 'logger' | 'outages'> & { readonly readAccount: CallerChecks['account'] };

const fieldsOf = (schema: unknown): ReadonlySet<string> => new Set(schema && typeof schema === 'object' && 'shape' in schema ? Object.keys(schema.shape as object) : []);

/**
 * Where a field a use case refused was, by the route's own inputs: a field of its body, its query
 * or its path by its first segment (`sms.to` is the body's `sms`); one none of them names (a rule
 * of the domain about the whole request) in the body, or the query of a route without a body.
 */
function fieldLocator(route: RouteDefinition): (path: string) => FieldLocation {
  const inputs = [
    ['body', fieldsOf(route.body)],
    ['query', fieldsOf(route.query)],
    ['path', fieldsOf(route.params)],
  ] as const;
  const otherwise: FieldLocation = route.body ? 'body' : route.query ? 'query' : route.params ? 'path' : 'body';
  return (path) => inputs.find(([, fields]) => fields.has(path.split(/[.[]/)[0]!))?.[0] ?? otherwise;
}

function mount(router: Router, route: RouteDefinition, mounted: MountedRoute[], exact: ExactRoutes, options: MountOptions): void {
  const idempotency = route.idempotent ? idempotencyOf(route, options) : undefined;
  const locate = fieldLocator(route);
  const handle = async (ctx: Context) => {
    try {
      await handleRoute(ctx);
    } catch (error) {
      throw error instanceof HttpError ? error.locatedBy(locate) : error;
    }
  };
  const handleRoute = async (ctx: Context) => {
    const { principal, caller } = await authorize(ctx, route, options.readAccount);
    refuseUnstorableText(ctx);
    refuseMissingFields(ctx, route);
    const skipped: Parsed<undefined> = { ok: true, value: undefined };
    const bodyPart: Parsed<unknown> =
      route.body && ctx.state.body === undefined
        ? { ok: false, details: [{ path: '', message: `A ${route.rawBody?.contentTypes[0] ?? 'JSON'} body is required`, in: 'body' }] }
        : route.body
          ? parseInput(route.body, ctx.state.body, 'body')
          : skipped;
    const [params, query, body, key] = requireAll(
      route.params ? parseInput(route.params, ctx.params, 'path') : skipped,
      route.query ? parseInput(route.query, ctx.query, 'query') : skipped,
      bodyPart,
      idempotency ? idempotencyKeyOf(ctx) : skipped,
    );
    const run = (keyed: RouteIdempotency | undefined) =>
      route.handler({ body, query, params, principal, member: ctx.state.member, caller, requestId: ctx.state.requestId, koa: ctx, idempotency: keyed } as never);
    const scope = caller && { accountId: caller.account.id, environment: caller.environment };
    const result = idempotency && scope ? await runIdempotently({ ctx, route, scope, key, idempotency, logger: options.logger, outages: options.outages }, run) : await run(undefined);
    ctx.status = result.status;
    if (result.headers) ctx.set(result.headers);
    if (result.body !== undefined) ctx.body = result.body;
  };
  for (const path of [route.path, ...(route.aliases ?? [])]) {
    router[route.method](path, handle);
    mounted.push({ method: route.method, path });
    if (!path.includes(':')) exact.set(`${route.method.toUpperCase()} ${path}`, { route, handle });
  }
}

export interface MountedRoute {
  readonly method: string;
  readonly path: string;
}

/**
 * The Koa application of one API: middleware, its routes, /openapi.json and /docs, and `/` sending
 * browsers to the explorer; every URL it writes starts with its base path.
 */
export function createHttpApp(options: HttpAppOptions): { app: Koa; mounted: readonly MountedRoute[] } {
  const basePath = checkBasePath(options.basePath ?? '');
  const checks = callerChecksOf(options);
  const mounted: MountedRoute[] = [];
  const app = new Koa({ proxy: true });
  const router = new Router();
  const { api } = options;
  const openApi = buildOpenApiDocument(options.routes, { title: api.title, version: options.version, description: api.description }, {
    rateLimited: options.rateLimits !== undefined,
    basePath,
    credentials: api.credentials,
    keyQuota: api.keyQuota,
    examples: options.examples,
  });
  const exact: ExactRoutes = new Map();
  for (const route of options.routes) mount(router, route, mounted, exact, { ...options, readAccount: checks.account });
  router.get('/openapi.json', (ctx) => {
    ctx.body = openApi;
  });
  // A browser opening the bare base URL lands in the explorer; clients get where things are.
  router.get('/', (ctx) => {
    ctx.redirect(`${basePath}/docs`);
    ctx.body = { docs: `${basePath}/docs`, openapi: `${basePath}/openapi.json`, health: `${basePath}/health` };
  });
  const serveApiDocs = apiDocs(api.title, basePath);
  router.get('/docs', async (ctx) => {
    await serveApiDocs(ctx, undefined);
  });
  router.get('/docs/:asset', async (ctx) => {
    const asset = z.string().regex(/^[a-z0-9.-]+$/).safeParse(ctx.params.asset);
    if (!asset.success || !(await serveApiDocs(ctx, asset.data))) throw new HttpError(404, 'not_found', `No such asset: ${ctx.path}`);
  });

  const perRequest = options.perRequest ?? ((work) => work());
  const lookup = routeLookup(router, options.routes);
  // The route of a request, found once: parameterless paths from the map, others by the router's patterns.
  const routeOf = (ctx: Context): RouteDefinition | undefined => (ctx.state.route ??= exact.get(`${ctx.method} ${ctx.path}`)?.route ?? lookup(ctx));
  app.use(requestId());
  app.use(errorHandler(options.logger, options.outages));
  app.use(notFoundAndMethodNotAllowed());
  if (basePath) app.use(servedUnder(basePath));
  // A fresh ORM context per request, except for routes that never touch the database (liveness).
  app.use((ctx, next) => (routeOf(ctx)?.withoutDatabase ? next() : perRequest(() => next())));
  app.use(authenticateAndLimit(routeOf, checks, options));
  app.use(jsonBody(options.bodyLimitBytes, (ctx) => routeOf(ctx)?.rawBody, (ctx) => routeOf(ctx)?.bodyLimitBytes));
  // The router still has every route: other spellings (a trailing slash, HEAD) and 405s go through it.
  app.use((ctx, next) => {
    const found = exact.get(`${ctx.method} ${ctx.path}`);
    if (!found) return next();
    ctx.params = {};
    return found.handle(ctx);
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return { app, mounted };
}

export { json };
