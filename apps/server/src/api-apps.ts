import { API_NAMES, APIS, createHttpApp, healthRoutes, livenessRoute, OPERATION_EXAMPLES, type ApiName, type Authenticate, type AuthenticateSession, type HealthVersions, type RouteDefinition } from '@tuma/koa-adapter';
import type { Database } from '@tuma/mikro-orm-adapter';
import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { IDEMPOTENCY_TOKENS } from '@tuma/idempotency';
import type { Container } from 'inversify';
import type { ApiPlacement } from './api-placement.ts';
import type { BuildInfo } from './build-info.ts';
import { httpRateLimits } from './http-rate-limits.ts';
import type { ServerConfig } from './config.ts';
import type { Logger } from './logger.ts';
import { SERVER_MODULES } from './modules/index.ts';
import type { ServerModule } from './modules/server-module.ts';
import { missingFxRates } from './modules/messaging/pricing.module.ts';
import { resolve } from './resolve.ts';
import { unsharedSecrets } from './server-secrets.ts';
import { SERVER_TOKENS } from './tokens.ts';

/** An API's Koa app, and the method and path of every route it serves (for the OpenAPI coverage check). */
export type ApiApp = ReturnType<typeof createHttpApp>;

/** Every API answers its liveness probe; readiness (database, queue, prices) is the SMS API's, as the operator's. */
function healthOf(api: ApiName, container: Container, database: Database, config: ServerConfig, versions: HealthVersions): RouteDefinition[] {
  if (api !== 'sms') return [livenessRoute(versions)];
  const jobs = resolve(container, SERVER_TOKENS.jobs);
  const probe = {
    databaseKind: database.kind,
    database: () => database.ping(),
    queue: () => jobs.isHealthy(),
    missingFxRates: () => database.withContext(() => missingFxRates(container)),
    unsharedSecrets: unsharedSecrets(config),
  };
  return healthRoutes(probe, versions);
}

/** What an API gets from the server modules that name it: their routes, and the key check of at most one. */
interface FromModules {
  readonly routes: RouteDefinition[];
  authenticate: Authenticate | undefined;
}

/** The modules' routes and key checks, per API (a module without `api` is SMS's). */
export function modulesByApi(modules: readonly ServerModule[], container: Container): Record<ApiName, FromModules> {
  const byApi = Object.fromEntries(API_NAMES.map((api): [ApiName, FromModules] => [api, { routes: [], authenticate: undefined }])) as Record<ApiName, FromModules>;
  for (const module of modules) {
    const api = byApi[module.api ?? 'sms'];
    api.routes.push(...(module.routes?.(container) ?? []));
    if (!module.authenticator) continue;
    if (api.authenticate) throw new Error(`Server module ${module.name}: the ${module.api ?? 'sms'} API's keys are already checked by another module`);
    api.authenticate = module.authenticator(container);
  }
  return byApi;
}

/** The access-token check of every API's session routes: one module's (identity), or none. */
export function sessionCheckOf(modules: readonly ServerModule[], container: Container): AuthenticateSession | undefined {
  const givers = modules.filter((module) => module.sessionAuthenticator);
  if (givers.length > 1) throw new Error(`Server modules ${givers.map((module) => module.name).join(', ')}: only one may check access tokens`);
  return givers[0]?.sessionAuthenticator?.(container);
}

/**
 * One Koa app per API: its health routes and the routes of the server modules that name it, its
 * key check, and its base path; the shared middleware settings (body limit, rate limits,
 * idempotency, ORM context per request) alike for all.
 */
export function buildApiApps(input: {
  readonly container: Container;
  readonly database: Database;
  readonly config: ServerConfig;
  readonly logger: Logger;
  /** The API documents' version. */
  readonly version: string;
  readonly build: BuildInfo;
  readonly placements: Readonly<Record<ApiName, ApiPlacement>>;
}): Record<ApiName, ApiApp> {
  const { container, database, config, logger, version, build, placements } = input;
  const fromModules = modulesByApi(SERVER_MODULES, container);
  const authenticateSession = sessionCheckOf(SERVER_MODULES, container);
  const rateLimits = httpRateLimits(container, config);
  const idempotency = resolve(container, IDEMPOTENCY_TOKENS.idempotency);
  const outages = resolve(container, SERVER_TOKENS.outage);
  // The account a signed-in member reaches on routes taking a key or a session.
  const accounts = resolve(container, ACCOUNTS_TOKENS.accountRepository);
  const appOf = (api: ApiName): ApiApp =>
    createHttpApp({
      api: APIS[api],
      basePath: placements[api].basePath,
      routes: [...healthOf(api, container, database, config, { version, build }), ...fromModules[api].routes],
      authenticate: fromModules[api].authenticate,
      authenticateSession,
      readAccount: (accountId) => accounts.findById(accountId),
      perRequest: (work) => database.withContext(work),
      bodyLimitBytes: config.bodyLimitBytes,
      logger,
      version,
      rateLimits,
      idempotency,
      outages,
      examples: OPERATION_EXAMPLES,
    });
  return Object.fromEntries(API_NAMES.map((api) => [api, appOf(api)])) as Record<ApiName, ApiApp>;
}
