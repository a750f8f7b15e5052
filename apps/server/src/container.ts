import 'reflect-metadata';
import { NodeDigests } from '@tuma/crypto-adapter';
import { NodeDnsResolver } from '@tuma/dns-adapter';
import { KERNEL_TOKENS, systemClock, type Clock } from '@tuma/kernel';
import { Database, DatabaseNotifications, DatabaseOutage, MikroOrmFailureLog, MikroOrmUnitOfWork } from '@tuma/mikro-orm-adapter';
import { PgBossJobs } from '@tuma/pg-boss-adapter';
import { Container, ContainerModule } from 'inversify';
import { CARRIER_GATEWAY_FACTORY, type CarrierGatewayFactory } from './carrier-gateway-factory.ts';
import type { ServerConfig } from './config.ts';
import type { Logger } from './logger.ts';
import { publicUrls } from './api-placement.ts';
import { SERVER_MODULES } from './modules/index.ts';
import { SERVER_TOKENS } from './tokens.ts';

/** Infrastructure: the database, the job queue, the clock, transactions, the resolver and the digests. */
function infrastructureModule(config: ServerConfig, logger: Logger, database: Database, clock: Clock, carrierGateway: CarrierGatewayFactory | undefined) {
  return new ContainerModule(({ bind }) => {
    bind(SERVER_TOKENS.config).toConstantValue(config);
    bind(SERVER_TOKENS.logger).toConstantValue(logger);
    bind(SERVER_TOKENS.database).toConstantValue(database);
    bind(SERVER_TOKENS.notifications).toConstantValue(new DatabaseNotifications(database));
    const outage = new DatabaseOutage(() => database.ping(), logger);
    bind(SERVER_TOKENS.outage).toConstantValue(outage);
    bind(SERVER_TOKENS.publicUrls).toConstantValue(publicUrls(config));
    bind(KERNEL_TOKENS.clock).toConstantValue(clock);
    // The one synchronous SHA-256 and HMAC: signed tokens, code hashes, inbound signatures, API key hashes.
    bind(KERNEL_TOKENS.digests).toConstantValue(new NodeDigests());
    bind(SERVER_TOKENS.dnsResolver).toConstantValue(new NodeDnsResolver({ servers: config.dnsServers }));
    if (carrierGateway) bind(CARRIER_GATEWAY_FACTORY).toConstantValue(carrierGateway);
    bind(KERNEL_TOKENS.unitOfWork).toResolvedValue((db: Database) => new MikroOrmUnitOfWork(db), [SERVER_TOKENS.database]);
    bind(KERNEL_TOKENS.batchContext).toResolvedValue((db: Database) => <T>(work: () => Promise<T>) => db.withContext(work), [SERVER_TOKENS.database]);
    // Shared by every process on one database: a guesser cannot spread their tries over a fleet.
    bind(KERNEL_TOKENS.failureLog).toResolvedValue((db: Database) => new MikroOrmFailureLog(db), [SERVER_TOKENS.database]);
    bind(SERVER_TOKENS.jobs).toConstantValue(
      new PgBossJobs({
        connectionString: database.url,
        executor: database.standaloneExecutor(),
        transactionExecutor: () => database.transactionExecutor(),
        pollingIntervalSeconds: config.jobPollingSeconds,
        wakeOnEnqueue: clock === systemClock,
        heartbeatSeconds: config.jobHeartbeatSeconds,
        superviseIntervalSeconds: config.jobSuperviseSeconds,
        // An outage is logged once (DatabaseOutage), not at every poll of every queue.
        onError: (error) => outage.noted(error) || logger.error({ msg: 'job queue error', error: error.message }),
      }),
    );
    bind(KERNEL_TOKENS.jobScheduler).toResolvedValue((jobs: PgBossJobs) => jobs, [SERVER_TOKENS.jobs]);
    bind(KERNEL_TOKENS.jobWorkers).toResolvedValue((jobs: PgBossJobs) => jobs, [SERVER_TOKENS.jobs]);
  });
}

export interface ContainerOptions {
  readonly config: ServerConfig;
  readonly logger: Logger;
  readonly database: Database;
  readonly clock?: Clock;
  /** The live carrier, instead of the one CARRIER_GATEWAY selects (test keys keep the sandbox simulator). */
  readonly carrierGateway?: CarrierGatewayFactory;
}

/** The composition root: every port bound to its adapter, every use case to its dependencies. */
export function buildContainer(options: ContainerOptions): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(
    infrastructureModule(options.config, options.logger, options.database, options.clock ?? systemClock, options.carrierGateway),
    ...SERVER_MODULES.map((module) => module.bindings),
  );
  return container;
}
