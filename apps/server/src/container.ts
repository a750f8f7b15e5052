import 'reflect-metadata';
import {
  ACCOUNTS_TOKENS,
  AuthenticateApiKey,
  CreateAccount,
  EnsureDemoAccount,
  IssueApiKey,
  RegisterOperatorKey,
  SetAccountStatus,
  type AccountRepository,
  type ApiKeyRepository,
} from '@tuma/accounts';
import { KERNEL_TOKENS, systemClock, type Clock, type UnitOfWork } from '@tuma/kernel';
import { Database, MikroOrmAccountRepository, MikroOrmApiKeyRepository, MikroOrmUnitOfWork } from '@tuma/mikro-orm-adapter';
import { PgBossJobs } from '@tuma/pg-boss-adapter';
import { Container, ContainerModule } from 'inversify';
import type { ServerConfig } from './config.ts';
import type { Logger } from './logger.ts';
import { SERVER_TOKENS } from './tokens.ts';

/** Infrastructure: the database, the job queue, the clock and transactions. */
function infrastructureModule(config: ServerConfig, logger: Logger, database: Database, clock: Clock) {
  return new ContainerModule(({ bind }) => {
    bind(SERVER_TOKENS.config).toConstantValue(config);
    bind(SERVER_TOKENS.logger).toConstantValue(logger);
    bind(SERVER_TOKENS.database).toConstantValue(database);
    bind(KERNEL_TOKENS.clock).toConstantValue(clock);
    bind(KERNEL_TOKENS.unitOfWork).toResolvedValue((db: Database) => new MikroOrmUnitOfWork(db), [SERVER_TOKENS.database]);
    bind(SERVER_TOKENS.jobs).toConstantValue(
      new PgBossJobs({
        connectionString: database.url,
        executor: database.standaloneExecutor(),
        transactionExecutor: () => database.transactionExecutor(),
        pollingIntervalSeconds: config.jobPollingSeconds,
        onError: (error) => logger.error({ msg: 'job queue error', error: error.message }),
      }),
    );
    bind(KERNEL_TOKENS.jobScheduler).toResolvedValue((jobs: PgBossJobs) => jobs, [SERVER_TOKENS.jobs]);
    bind(KERNEL_TOKENS.jobWorkers).toResolvedValue((jobs: PgBossJobs) => jobs, [SERVER_TOKENS.jobs]);
  });
}

const accountsModule = new ContainerModule(({ bind }) => {
  const T = ACCOUNTS_TOKENS;
  const K = KERNEL_TOKENS;
  bind(T.accountRepository).toResolvedValue((db: Database) => new MikroOrmAccountRepository(db), [SERVER_TOKENS.database]);
  bind(T.apiKeyRepository).toResolvedValue((db: Database) => new MikroOrmApiKeyRepository(db), [SERVER_TOKENS.database]);
  bind(T.createAccount).toResolvedValue(
    (accounts: AccountRepository, uow: UnitOfWork, clock: Clock, config: ServerConfig) =>
      new CreateAccount(accounts, uow, clock, config.defaultWalletCurrency),
    [T.accountRepository, K.unitOfWork, K.clock, SERVER_TOKENS.config],
  );
  bind(T.issueApiKey).toResolvedValue(
    (accounts: AccountRepository, keys: ApiKeyRepository, uow: UnitOfWork, clock: Clock) => new IssueApiKey(accounts, keys, uow, clock),
    [T.accountRepository, T.apiKeyRepository, K.unitOfWork, K.clock],
  );
  bind(T.setAccountStatus).toResolvedValue(
    (accounts: AccountRepository, uow: UnitOfWork, clock: Clock) => new SetAccountStatus(accounts, uow, clock),
    [T.accountRepository, K.unitOfWork, K.clock],
  );
  bind(T.authenticateApiKey).toResolvedValue(
    (accounts: AccountRepository, keys: ApiKeyRepository, clock: Clock) => new AuthenticateApiKey(accounts, keys, clock),
    [T.accountRepository, T.apiKeyRepository, K.clock],
  );
  bind(T.registerOperatorKey).toResolvedValue(
    (accounts: AccountRepository, keys: ApiKeyRepository, uow: UnitOfWork, clock: Clock) => new RegisterOperatorKey(accounts, keys, uow, clock),
    [T.accountRepository, T.apiKeyRepository, K.unitOfWork, K.clock],
  );
  bind(T.ensureDemoAccount).toResolvedValue(
    (accounts: AccountRepository, create: CreateAccount, issue: IssueApiKey) => new EnsureDemoAccount(accounts, create, issue),
    [T.accountRepository, T.createAccount, T.issueApiKey],
  );
});

export interface ContainerOptions {
  readonly config: ServerConfig;
  readonly logger: Logger;
  readonly database: Database;
  readonly clock?: Clock;
}

/** The composition root: every port bound to its adapter, every use case to its dependencies. */
export function buildContainer(options: ContainerOptions): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(options.config, options.logger, options.database, options.clock ?? systemClock), accountsModule);
  return container;
}
