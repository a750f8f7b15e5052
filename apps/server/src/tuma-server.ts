import { ACCOUNTS_TOKENS, type DemoCredentials } from '@tuma/accounts';
import { API_NAMES, type ApiName, type MountedRoute } from '@tuma/koa-adapter';
import type { Clock } from '@tuma/kernel';
import { Database } from '@tuma/mikro-orm-adapter';
import type { Container } from 'inversify';
import { buildApiApps } from './api-apps.ts';
import { buildInfo, type BuildInfo } from './build-info.ts';
import { ApiListeners } from './api-listeners.ts';
import { buildConsoleApp } from './console-app.ts';
import { apiPlacements } from './api-placement.ts';
import type { CarrierGatewayFactory } from './carrier-gateway-factory.ts';
import type { ServerConfig } from './config.ts';
import { buildContainer } from './container.ts';
import { SERVER_MODULES } from './modules/index.ts';
import type { ModuleServer } from './modules/server-module.ts';
import { openDatabase } from './open-database.ts';
import type { Logger } from './logger.ts';
import { resolve } from './resolve.ts';
import { unsharedSecrets } from './server-secrets.ts';
import { SERVER_TOKENS } from './tokens.ts';

export const VERSION = '1.0.0';

/** Where one API is served. */
export interface ServedApi {
  /** The port it listens on (bound: PORT=0 and AUTH_PORT=0 are resolved). */
  readonly port: number;
  /** Its path on that port: `/mail` on the shared port, '' at the root. */
  readonly basePath: string;
  /** Its base URL in links and emails: *_PUBLIC_URL, or `http://localhost:<port><base path>`. */
  readonly publicUrl: string;
}

export interface StartedServer {
  /** The HTTP port actually bound by the SMS API, shared by the APIs without one of their own (when the role serves the API). */
  readonly port: number | undefined;
  /** Where each API is served (when the role serves the API). */
  readonly apis: Readonly<Record<ApiName, ServedApi>> | undefined;
  /** Credentials of the demo account when this start created it. */
  readonly demo: DemoCredentials | undefined;
  /** The ports of the modules' own servers (`mail-submission`), those listening. */
  readonly servers: Readonly<Record<string, number>>;
}

/**
 * One process of Tuma: the API, the job workers, or both (TUMA_ROLE). Start opens the database,
 * applies migrations, registers the operator key and starts what the role asks for; stop undoes it
 * in reverse so that no accepted work is lost.
 */
export class TumaServer {
  private container: Container | undefined;
  private readonly listeners = new ApiListeners();
  private moduleServers: ModuleServer[] = [];
  private stopping: Promise<void> | undefined;
  /** Method and path of every route each API's app serves (for the OpenAPI coverage check). */
  mountedRoutes: Partial<Record<ApiName, readonly MountedRoute[]>> = {};

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
    const build = buildInfo();
    const apis = this.serves.api ? await this.listen(container, database, build) : undefined;
    const servers = this.serves.api ? await this.listenModuleServers(container) : {};
    const port = apis?.sms.port;
    this.logger.info({ msg: 'started', role: this.config.role, database: database.kind, port, apis, servers, build });
    const unshared = unsharedSecrets(this.config);
    // One process on an embedded database needs nothing shared; on PostgreSQL a second one would.
    if (database.kind === 'postgresql' && unshared.length > 0) {
      this.logger.warn({ msg: 'these secrets are kept by this process alone (TUMA_DATA_DIR): give every process of a fleet the same ones in its environment', secrets: unshared });
    }
    return { port, apis, demo, servers };
  }

  /** Graceful: stop accepting requests, let in-flight jobs finish, then close the database. */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    const container = this.container;
    if (!container) return;
    for (const server of this.moduleServers) await server.close();
    await this.listeners.close();
    await resolve(container, SERVER_TOKENS.jobs).stop({ graceful: true, timeoutMs: this.config.shutdownTimeoutMs });
    for (const module of [...SERVER_MODULES].reverse()) await module.onStop?.(container);
    await resolve(container, SERVER_TOKENS.notifications).stop();
    resolve(container, SERVER_TOKENS.outage).close();
    if (!this.options.database) await resolve(container, SERVER_TOKENS.database).close();
    this.logger.info({ msg: 'stopped' });
  }

  private async listenModuleServers(container: Container): Promise<Record<string, number>> {
    const ports: Record<string, number> = {};
    for (const server of SERVER_MODULES.flatMap((module) => module.servers?.(container) ?? [])) {
      const port = await server.listen(this.config.host);
      if (port === undefined) continue;
      this.moduleServers.push(server);
      ports[server.name] = port;
    }
    return ports;
  }

  private async listen(container: Container, database: Database, build: BuildInfo): Promise<Record<ApiName, ServedApi>> {
    const placements = apiPlacements(this.config);
    const apps = buildApiApps({ container, database, config: this.config, logger: this.logger, version: VERSION, build, placements });
    this.mountedRoutes = Object.fromEntries(API_NAMES.map((api) => [api, apps[api].mounted]));
    const console = buildConsoleApp({ container, database, config: this.config, logger: this.logger });
    const byPath = [console, ...SERVER_MODULES.flatMap((module) => module.pathApps?.(container) ?? [])];
    const others = { byHost: SERVER_MODULES.flatMap((module) => module.hostApps?.(container) ?? []), byPath };
    const ports = await this.listeners.open(apps, placements, this.config.host, others);
    const urls = resolve(container, SERVER_TOKENS.publicUrls);
    for (const api of API_NAMES) urls[api].listeningOn(ports[api]);
    return Object.fromEntries(API_NAMES.map((api) => [api, { port: ports[api], basePath: placements[api].basePath, publicUrl: urls[api].value }])) as Record<ApiName, ServedApi>;
  }
}
