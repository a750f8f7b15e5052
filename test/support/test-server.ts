/** A real Tuma server on a random port over the shared test database, for HTTP end-to-end suites. */
import type { Clock } from '@tuma/kernel';
import { API_NAMES, type ApiName } from '@tuma/koa-adapter';
import { jsonLogger, loadConfig, TumaServer, type CarrierGatewayFactory, type StartedServer } from '@tuma/server';
import type { Database } from '@tuma/mikro-orm-adapter';
import { createAuthClient, createLinksClient, createMailClient, createSmsClient, type AuthClient, type LinksClient, type MailClient, type SmsClient, type TumaClientOptions } from '@tuma/sdk';
import { OpenApiConformance } from './openapi-conformance.ts';
import { testDatabase, truncateAll } from './test-database.ts';

export const ADMIN_KEY = 'test-operator-key-0123456789-abcdef';

/**
 * Rate limits stay on in every suite (each answer is checked for its RateLimit-* headers), high
 * enough that suites making many requests quickly never meet them; test/http/platform/rate-limits.test.ts
 * sets its own.
 */
/** SIMULATOR_OUTCOMES under which the carrier simulator delivers every message: no failure (and so no refund) lands mid-test. */
export const SIMULATOR_DELIVERS_ALL = 'delivered=1';

export const TEST_RATE_LIMITS = { RATE_LIMIT_PER_SECOND: '100000', RATE_LIMIT_IP_PER_SECOND: '100000' };

export interface TestServer {
  /** The shared port's root: the SMS API, and the other APIs under /auth, /mail, /links unless moved. */
  readonly baseUrl: string;
  readonly started: StartedServer;
  readonly server: TumaServer;
  /** An API's base URL, on the shared port or its own. */
  apiUrl(api: ApiName): string;
  /**
   * A request to `path` on the shared port, or within `api` when given (at its base URL); the answer
   * is checked against the OpenAPI document of the API it reached.
   */
  request(method: string, path: string, options?: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; api?: ApiName }): Promise<TestResponse>;
  /** Clients of @tuma/sdk on this server, with the key (or access token) given; their answers are checked against the OpenAPI documents too. */
  readonly sdk: {
    sms(apiKey?: string, options?: Partial<TumaClientOptions>): SmsClient;
    auth(accessToken?: string | (() => string), options?: Partial<TumaClientOptions>): AuthClient;
    mail(apiKey?: string, options?: Partial<TumaClientOptions>): MailClient;
    links(apiKey?: string, options?: Partial<TumaClientOptions>): LinksClient;
  };
  stop(): Promise<void>;
}

export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
  readonly text: string;
}

export interface TestServerOptions {
  readonly clock?: Clock;
  /** The live carrier gateway, instead of CARRIER_GATEWAY's. */
  readonly carrierGateway?: CarrierGatewayFactory;
  /** Receives the server's log lines at level info and above (silent otherwise). */
  readonly log?: (line: string) => void;
  /** The database to serve, emptied first (a private cluster's: test/support/private-postgres.ts); the shared test database by default. */
  readonly database?: Database;
}

/**
 * A server on a clock of its own does not wake its workers on enqueue (PgBossJobs' `wakeOnEnqueue`):
 * it finds at each poll the jobs its clock set in the database's past, so it polls often, and a
 * moved clock is seen within a second.
 */
const movedTimePolling = (clock: Clock | undefined): Record<string, string> => (clock ? { JOB_POLLING_SECONDS: '0.5' } : {});

export async function startTestServer(env: Record<string, string> = {}, { log, database: own, ...options }: TestServerOptions = {}): Promise<TestServer> {
  const database = own ?? (await testDatabase());
  await truncateAll(database);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', MAIL_SUBMISSION_PORT: '0', MAIL_INBOUND_PORT: '0', ADMIN_API_KEY: ADMIN_KEY, TUMA_SEED_DEMO: 'true', ...movedTimePolling(options.clock), ...TEST_RATE_LIMITS, ...env });
  const server = new TumaServer(config, log ? jsonLogger('info', log) : jsonLogger('silent'), { database, ...options });
  const started = await server.start();
  const baseUrl = `http://127.0.0.1:${started.port}`;
  const apis = started.apis!;
  const apiUrl = (api: ApiName) => `http://127.0.0.1:${apis[api].port}${apis[api].basePath}`;
  // A path on the shared port belongs to the API whose base path it is under (only APIs there have one), else to SMS.
  const apiOfSharedPath = (path: string): ApiName => {
    const pathname = path.split('?')[0]!;
    return API_NAMES.find((api) => apis[api].basePath && (pathname === apis[api].basePath || pathname.startsWith(`${apis[api].basePath}/`))) ?? 'sms';
  };
  const conformance = new Map<ApiName, OpenApiConformance>();
  const conformanceOf = async (api: ApiName) => {
    let checker = conformance.get(api);
    if (!checker) {
      checker = new OpenApiConformance((await (await fetch(`${apiUrl(api)}/openapi.json`)).json()) as ConstructorParameters<typeof OpenApiConformance>[0]);
      conformance.set(api, checker);
    }
    return checker;
  };
  /** Checks an answer of `api` to `method` on `path` (within the API) against its document; the parsed body. */
  const conforming = async (api: ApiName, method: string, path: string, response: Response, text: string): Promise<unknown> => {
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const mismatch = (await conformanceOf(api)).check(method, path, response.status, response.headers.get('content-type'), parsed, response.headers);
    if (mismatch) throw new Error(`OpenAPI conformance (${api} API): ${mismatch}`);
    return parsed;
  };
  const sdkOptions = (api: ApiName, apiKey: TumaClientOptions['apiKey'], options: Partial<TumaClientOptions> = {}): TumaClientOptions => ({
    apiUrl: apiUrl(api),
    apiKey,
    async fetch(request) {
      const response = await fetch(new Request(request, { redirect: 'manual' }));
      await conforming(api, request.method, new URL(request.url).pathname.slice(apis[api].basePath.length) || '/', response, await response.clone().text());
      return response;
    },
    ...options,
  });
  return {
    baseUrl,
    started,
    server,
    apiUrl,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.key) headers.Authorization = `Bearer ${options.key}`;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['Content-Type'] ??= 'application/json';
      }
      const api = options.api ?? apiOfSharedPath(path);
      const url = options.api ? `${apiUrl(api)}${path}` : `${baseUrl}${path}`;
      // An answer is checked as it is given: a redirect is the route's answer, not the page it leads to.
      const response = await fetch(url, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      const within = options.api ? path : path.slice(apis[api].basePath.length) || '/';
      return { status: response.status, headers: response.headers, body: await conforming(api, method, within, response, text), text };
    },
    sdk: {
      sms: (apiKey, options) => createSmsClient(sdkOptions('sms', apiKey, options)),
      auth: (accessToken, options) => createAuthClient(sdkOptions('auth', accessToken, options)),
      mail: (apiKey, options) => createMailClient(sdkOptions('mail', apiKey, options)),
      links: (apiKey, options) => createLinksClient(sdkOptions('links', apiKey, options)),
    },
    stop: () => server.stop(),
  };
}
