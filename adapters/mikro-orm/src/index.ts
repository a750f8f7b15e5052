export { Database, type DatabaseConfig, type DatabaseKind, type SqlExecutor } from './database/database.ts';
export { MikroOrmUnitOfWork } from './database/mikro-orm-unit-of-work.ts';
export { MikroOrmAccountRepository } from './repositories/mikro-orm-account.repository.ts';
export { MikroOrmApiKeyRepository } from './repositories/mikro-orm-api-key.repository.ts';
export { MikroOrmCatalogue } from './repositories/mikro-orm-catalogue.ts';
export { MikroOrmFxRates } from './repositories/mikro-orm-fx-rates.ts';
export { MikroOrmWalletStore } from './repositories/mikro-orm-wallet-store.ts';
export { MikroOrmTopUpRepository } from './repositories/mikro-orm-top-up.repository.ts';
export { MikroOrmBalanceReports } from './repositories/mikro-orm-balance-reports.ts';
