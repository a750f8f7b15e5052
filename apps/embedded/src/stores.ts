/**
 * The stores under createTuma: in memory, or the MikroORM ones on a database (embedded PGlite or
 * PostgreSQL), the same set the server binds (apps/server/src/modules), minus its caches (one
 * process: nothing else changes what it reads) and the webhook stores (an embedded core publishes
 * its events to the app, createTuma's `events`, and posts no webhook).
 */
import type { AccountsPorts } from '@tuma/accounts';
import { InMemoryAccountRepository, InMemoryApiKeyRepository } from '@tuma/accounts/testing';
import { WalletLedger } from '@tuma/billing';
import type { Clock } from '@tuma/kernel';
import type { MessagingPorts } from '@tuma/messaging';
import {
  Database,
  MikroOrmAccountRepository,
  MikroOrmApiKeyRepository,
  MikroOrmBatchAudience,
  MikroOrmBatchRepository,
  MikroOrmCatalogue,
  MikroOrmContactListRepository,
  MikroOrmFxRates,
  MikroOrmIdempotencyKeyStore,
  MikroOrmInboundMessageRepository,
  MikroOrmMessageReports,
  MikroOrmMessageRepository,
  MikroOrmOptOutList,
  MikroOrmQuietHoursCatalogue,
  MikroOrmSenderIdRepository,
  MikroOrmSmsSettings,
  MikroOrmTemplateRepository,
  MikroOrmUnitOfWork,
  MikroOrmVelocityLimits,
  MikroOrmVerificationRepository,
  MikroOrmVerifyAppRepository,
  MikroOrmWalletStore,
} from '@tuma/mikro-orm-adapter';
import type { VerificationPorts } from '@tuma/verification';
import { InMemoryVelocityLimits, InMemoryVerificationRepository, InMemoryVerifyAppRepository } from '@tuma/verification/testing';
import type { Around } from './in-context.ts';

/** Where the core keeps its state. */
export type TumaStore =
  /** In this process only: for tests, demos and apps that keep nothing across restarts. */
  | { readonly kind: 'memory' }
  /** Embedded PostgreSQL (PGlite) in `dataDir` (a folder, or `memory://`), migrated at start. */
  | { readonly kind: 'pglite'; readonly dataDir: string }
  /** Your PostgreSQL (`postgres://…`), migrated at start. */
  | { readonly kind: 'postgres'; readonly url: string };

/** The stores of each part of the core; `around` runs a piece of work in its database context. */
export interface CoreStores {
  readonly messaging: Partial<MessagingPorts>;
  readonly accounts: Pick<AccountsPorts, 'accountRepository' | 'apiKeyRepository'>;
  readonly verification: Pick<VerificationPorts, 'verifications' | 'apps' | 'velocityLimits'>;
  readonly around: Around;
  /** True when the stores come with the catalogue of markets and routes and the quiet hours (memory); a database gets them seeded at start (the seeds add only what it lacks). */
  readonly seeded: boolean;
  close(): Promise<void>;
}

export async function openStores(store: TumaStore, clock: Clock): Promise<CoreStores> {
  if (store.kind === 'memory') {
    return {
      messaging: {},
      accounts: { accountRepository: new InMemoryAccountRepository(), apiKeyRepository: new InMemoryApiKeyRepository() },
      verification: { verifications: new InMemoryVerificationRepository(), apps: new InMemoryVerifyAppRepository(), velocityLimits: new InMemoryVelocityLimits(clock) },
      around: (work) => work(),
      seeded: true,
      close: async () => {},
    };
  }
  const database = await Database.open(store.kind === 'postgres' ? { url: store.url, dataDir: 'memory://' } : { dataDir: store.dataDir });
  await database.migrate();
  const unitOfWork = new MikroOrmUnitOfWork(database);
  return {
    messaging: {
      unitOfWork,
      walletLedger: new WalletLedger(new MikroOrmWalletStore(database), unitOfWork, clock),
      catalogue: new MikroOrmCatalogue(database),
      fxRates: new MikroOrmFxRates(database),
      optOutList: new MikroOrmOptOutList(database),
      templateRepository: new MikroOrmTemplateRepository(database),
      senderIdRepository: new MikroOrmSenderIdRepository(database),
      contactListRepository: new MikroOrmContactListRepository(database),
      messageRepository: new MikroOrmMessageRepository(database),
      batchRepository: new MikroOrmBatchRepository(database),
      batchAudience: new MikroOrmBatchAudience(database),
      messageReports: new MikroOrmMessageReports(database),
      inboundMessageRepository: new MikroOrmInboundMessageRepository(database),
      idempotencyKeys: new MikroOrmIdempotencyKeyStore(database),
      quietHoursCatalogue: new MikroOrmQuietHoursCatalogue(database),
      smsSettings: new MikroOrmSmsSettings(database),
    },
    accounts: { accountRepository: new MikroOrmAccountRepository(database), apiKeyRepository: new MikroOrmApiKeyRepository(database) },
    verification: { verifications: new MikroOrmVerificationRepository(database), apps: new MikroOrmVerifyAppRepository(database), velocityLimits: new MikroOrmVelocityLimits(database) },
    around: (work) => database.withContext(work),
    seeded: false,
    close: () => database.close(),
  };
}
