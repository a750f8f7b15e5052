import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNTS_TOKENS, type DemoCredentials } from '@tuma/accounts';
import { createHttpApp, healthRoutes, type RouteDefinition } from '@tuma/koa-adapter';
import type { Clock } from '@tuma/kernel';
import { Database } from '@tuma/mikro-orm-adapter';
import { RATE_LIMITS_TOKENS } from '@tuma/rate-limits';
import { IDEMPOTENCY_TOKENS } from '@tuma/idempotency';
import type { Container } from 'inversify';
import type { CarrierGatewayFactory } from './carrier-gateway-factory.ts';
import type { ServerConfig } from './config.ts';
import { buildContainer } from './container.ts';
import { SERVER_MODULES } from './modules/index.ts';
import { missingFxRates } from './modules/pricing.module.ts';
import { openDatabase } from './open-database.ts';
import type { Logger } from './logger.ts';
import { resolve } from './resolve.ts';
import { SERVER_TOKENS } from './tokens.ts';

export const VERSION = '1.0.0';

export interface StartedServer {
  /** The HTTP port actually bound (when the role serves the API). */
  readonly port: number | undefined;
  /** Credentials of the demo account when this start created it. */
  readonly demo: DemoCredentials | undefined;
}

/**
 * One process of Tuma: the API, the job workers, or both (TUMA_ROLE). Start opens the database,
 * applies migrations, registers the operator key and starts what the role asks for; stop undoes it
 * in reverse so that no accepted work is lost.
 */
export class TumaServer {
  private container: Container | undefined;
  private http: Server | undefined;
  private stopping: Promise<void> | undefined;
  /** Method and path of every route the HTTP app serves (for the OpenAPI coverage check). */
  mountedRoutes: readonly { method: string; path: string }[] = [];

  constructor(
    private readonly config: ServerConfig,
    private readonly logger: Logger,
    private readonly options: {
      readonly clock?: Clock;
      /** The live carrier gateway, instead of CARRIER_GATEWAY's (embedders, test harnesses: docs/embedding.md). */
      readonly carrierGateway?: CarrierGatewayFactory;
      /** An already open database (tests share one); the server then leaves closing it to the owner. */
      readonly database?: Database;
    } = {},
  ) {}

  get serves(): { api: boolean; workers: boolean } {
    return { api: this.config.role !== 'worker', workers: this.config.role !== 'api' };
  }

  async start(): Promise<StartedServer> {
    const database = this.options.database ?? (await openDatabase(this.config));
    const { clock, carrierGateway } = this.options;
    const container = buildContainer({ config: this.config, logger: this.logger, database, clock, carrierGateway });
    this.container = container;

    for (const module of SERVER_MODULES) module.jobs?.(container);
    // Before anything is cached: the caches trust themselves only once changes are heard.
    await resolve(container, SERVER_TOKENS.notifications).start();
    const demo = await database.withContext(async () => {
      for (const module of SERVER_MODULES) await module.onStart?.(container);
      if (this.config.adminApiKey) await resolve(container, ACCOUNTS_TOKENS.accounts).registerOperatorKey.execute(this.config.adminApiKey);
      if (!this.config.seedDemo) return undefined;
      return (await resolve(container, ACCOUNTS_TOKENS.accounts).ensureDemoAccount.execute()).unwrapOr(undefined);
    });

    await resolve(container, SERVER_TOKENS.jobs).start({ workers: this.serves.workers });
    await database.withContext(async () => {
      for (const module of SERVER_MODULES) await module.onJobsStarted?.(container);
    });
    const port = this.serves.api ? await this.listen(container, database) : undefined;
    this.logger.info({ msg: 'started', role: this.config.role, database: database.kind, port });
    return { port, demo };
  }

  /** Graceful: stop accepting requests, let in-flight jobs finish, then close the database. */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    const container = this.container;
    if (!container) return;
    if (this.http) {
      const http = this.http;
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeIdleConnections();
      });
    }
    await resolve(container, SERVER_TOKENS.jobs).stop({ graceful: true, timeoutMs: this.config.shutdownTimeoutMs });
    for (const module of [...SERVER_MODULES].reverse()) await module.onStop?.(container);
    await resolve(container, SERVER_TOKENS.notifications).stop();
    if (!this.options.database) await resolve(container, SERVER_TOKENS.database).close();
    this.logger.info({ msg: 'stopped' });
  }

  private routes(container: Container, database: Database): RouteDefinition[] {
    const jobs = resolve(container, SERVER_TOKENS.jobs);
    return [
      ...healthRoutes(
        {
          databaseKind: database.kind,
          database: () => database.ping(),
          queue: () => jobs.isHealthy(),
          missingFxRates: () => database.withContext(() => missingFxRates(container)),
        },
        VERSION,
      ),
      ...SERVER_MODULES.flatMap((module) => module.routes?.(container) ?? []),
    ];
  }

  private async listen(container: Container, database: Database): Promise<number> {
    const authenticate = resolve(container, ACCOUNTS_TOKENS.accounts).authenticateApiKey;
    const { app, mounted } = createHttpApp({
      routes: this.routes(container, database),
      authenticate: (token) => authenticate.execute(token),
      perRequest: (work) => database.withContext(work),
      bodyLimitBytes: this.config.bodyLimitBytes,
      logger: this.logger,
      version: VERSION,
      rateLimits: this.config.rateLimits
        ? { limits: resolve(container, RATE_LIMITS_TOKENS.rateLimits).requests, trustedProxyHops: this.config.trustedProxyHops }
        : undefined,
      idempotency: resolve(container, IDEMPOTENCY_TOKENS.idempotency),
    });
    this.mountedRoutes = mounted;
    const http = app.listen(this.config.port, this.config.host);
    this.http = http;
    await new Promise<void>((resolve, reject) => {
      http.once('listening', resolve);
      http.once('error', reject);
    });
    const { port } = http.address() as AddressInfo;
    resolve(container, SERVER_TOKENS.publicBaseUrl).listeningOn(port);
    return port;
  }
}
