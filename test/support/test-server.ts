/** A real Tuma server on a random port over the shared test database, for HTTP end-to-end suites. */
import type { Clock } from '@tuma/kernel';
import { jsonLogger, loadConfig, TumaServer, type CarrierGatewayFactory, type StartedServer } from '@tuma/server';
import { OpenApiConformance } from './openapi-conformance.ts';
import { testDatabase, truncateAll } from './test-database.ts';

export const ADMIN_KEY = 'test-operator-key-0123456789-abcdef';

/**
 * Rate limits stay on in every suite (each answer is checked for its RateLimit-* headers), high
 * enough that suites making many requests quickly never meet them; test/http/rate-limits.test.ts
 * sets its own.
 */
export const TEST_RATE_LIMITS = { RATE_LIMIT_PER_SECOND: '100000', RATE_LIMIT_IP_PER_SECOND: '100000' };

export interface TestServer {
  readonly baseUrl: string;
  readonly started: StartedServer;
  readonly server: TumaServer;
  request(method: string, path: string, options?: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<TestResponse>;
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
}

export async function startTestServer(env: Record<string, string> = {}, { log, ...options }: TestServerOptions = {}): Promise<TestServer> {
  const database = await testDatabase();
  await truncateAll(database);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', ADMIN_API_KEY: ADMIN_KEY, TUMA_SEED_DEMO: 'true', JOB_POLLING_SECONDS: '0.5', ...TEST_RATE_LIMITS, ...env });
  const server = new TumaServer(config, log ? jsonLogger('info', log) : jsonLogger('silent'), { database, ...options });
  const started = await server.start();
  const baseUrl = `http://127.0.0.1:${started.port}`;
  let conformance: OpenApiConformance | undefined;
  return {
    baseUrl,
    started,
    server,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.key) headers.Authorization = `Bearer ${options.key}`;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['Content-Type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      conformance ??= new OpenApiConformance((await (await fetch(`${baseUrl}/openapi.json`)).json()) as ConstructorParameters<typeof OpenApiConformance>[0]);
      const mismatch = conformance.check(method, path, response.status, response.headers.get('content-type'), parsed, response.headers);
      if (mismatch) throw new Error(`OpenAPI conformance: ${mismatch}`);
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    stop: () => server.stop(),
  };
}
