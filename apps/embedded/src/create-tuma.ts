/**
 * `createTuma`: the SMS core, Verify, wallets and accounts in one call, for a Node app that embeds
 * Tuma without its HTTP server (docs/embedding.md). The same factories the server calls
 * (`createMessaging`, `createVerification`, `createAccounts`), over the stores of `store` and the
 * app's carrier; jobs (dispatch, retries, expiry) run in this process when due.
 */
import { createAccounts, type Accounts } from '@tuma/accounts';
import type { WalletLedger } from '@tuma/billing';
import { NodeDigests } from '@tuma/crypto-adapter';
import { err, Money, ok, systemClock, type Clock, type CurrencyCode, type DomainError } from '@tuma/kernel';
import { InMemoryJobScheduler } from '@tuma/kernel/testing';
import { createMessaging, EnvironmentGateways, messagingJobRoutes, type CarrierGateway, type DeliveryReceipt, type DeliveryReceiptSink, type EventPublisher, type Messaging, type Sender } from '@tuma/messaging';
import { inMemoryMessagingPorts } from '@tuma/messaging/testing';
import { createVerification, verificationJobRoutes, type VerificationService } from '@tuma/verification';
import { ResultAsync } from 'neverthrow';
import { methodsInContext, useCasesInContext } from './in-context.ts';
import { openStores, type TumaStore } from './stores.ts';

export interface CreateTumaOptions {
  /** Where state is kept (default: in memory). */
  readonly store?: TumaStore;
  /** The carrier of live sends (and of test sends, unless `testCarrier` is given): `FakeCarrier` in tests. */
  readonly carrier: CarrierGateway;
  /** The carrier of test-environment sends (default: `carrier`). */
  readonly testCarrier?: CarrierGateway;
  readonly clock?: Clock;
  /**
   * Where the core publishes delivery reports and replies (`message.delivered`, `message.inbound`,
   * ...): the app's own `EventPublisher`, or a `RecordingEventPublisher` to read them. Default: none
   * kept. An embedded core posts no webhook.
   */
  readonly events?: EventPublisher;
  /**
   * The pepper Verify hashes codes with (32 random bytes by default: a restart then makes the
   * pending codes of a database store unverifiable; pass the same bytes every start to keep them).
   */
  readonly verifyPepper?: Uint8Array;
  /** The wallet currency of an account opened without one (default KES). */
  readonly defaultCurrency?: string;
  /** Runs due jobs every this many milliseconds (default: only when you call `runJobs()`). */
  readonly runJobsEveryMs?: number;
}

/** An account opened with a wallet, and who it sends as. */
export interface OpenedAccount {
  readonly accountId: string;
  readonly currency: CurrencyCode;
  /** The sender of its live or test sends (`sendMessage`, `startVerification`). */
  sender(environment?: 'live' | 'test'): Sender;
}

/** The embedded core: every call answers a `Result` and, on a database, runs in a database context of its own. */
export interface Tuma {
  /** Every use case of the SMS core (`createMessaging`). */
  readonly messaging: Messaging;
  /** Every use case of Verify (`createVerification`); its codes' SMS go through the SMS core. */
  readonly verification: VerificationService;
  /** Accounts and API keys (`createAccounts`). */
  readonly accounts: Accounts;
  /** The wallets and their ledger (credit, balance, transactions, ...). */
  readonly wallets: WalletLedger;
  /** Runs the jobs that are due now (dispatch, retries, scheduled sends, the expiry sweep); how many ran. */
  runJobs(): Promise<number>;
  /** An account with a wallet in `currency` (default: `defaultCurrency`), credited with `credit` (a decimal string) when given. */
  openAccount(input: { readonly email: string; readonly currency?: string; readonly credit?: string }): ResultAsync<OpenedAccount, DomainError>;
  /** Stops the job timer and closes the database. */
  close(): Promise<void>;
}

export async function createTuma(options: CreateTumaOptions): Promise<Tuma> {
  const clock = options.clock ?? systemClock;
  const stores = await openStores(options.store ?? { kind: 'memory' }, clock);
  const events: EventPublisher = options.events ?? { publish: async () => {} };
  const jobs = new InMemoryJobScheduler(clock);
  const ports = inMemoryMessagingPorts({ clock, jobs, gateways: new EnvironmentGateways(options.carrier, options.testCarrier ?? options.carrier), eventPublisher: events, ...stores.messaging });
  const messaging = createMessaging(ports);
  const pepper = options.verifyPepper ?? crypto.getRandomValues(new Uint8Array(32));
  const verification = createVerification({
    ...stores.verification,
    unitOfWork: ports.unitOfWork,
    clock,
    jobs,
    otpSender: { send: (input) => messaging.sendOtpMessage.execute(input) },
    idempotencyKeys: ports.idempotencyKeys,
    pepper: () => pepper,
    digests: new NodeDigests(),
  });
  const accounts = createAccounts({ ...stores.accounts, unitOfWork: ports.unitOfWork, clock, defaultWalletCurrency: options.defaultCurrency ?? 'KES' });
  for (const route of [...messagingJobRoutes(messaging), ...verificationJobRoutes(verification)]) route.register(jobs, stores.around);

  // Carriers' receipts are applied as they come (a gateway acknowledges its carrier once this resolves).
  const receipts: DeliveryReceiptSink = { receive: (receipt: DeliveryReceipt) => stores.around(async () => void (await messaging.applyDeliveryReceipts.execute([receipt]))) };
  for (const carrier of new Set([options.carrier, options.testCarrier ?? options.carrier])) (carrier as Partial<{ connect(sink: DeliveryReceiptSink): unknown }>).connect?.(receipts);

  await stores.around(async () => {
    if (!stores.seeded) {
      await messaging.seedCatalogue.execute();
      await messaging.seedQuietHours.execute();
    }
    await verification.expireVerifications.scheduleNext();
  });
  const timer = options.runJobsEveryMs ? setInterval(() => void jobs.runDue(), options.runJobsEveryMs) : undefined;
  timer?.unref();

  const wallets = ports.walletLedger;
  return {
    messaging: useCasesInContext(messaging, stores.around),
    verification: useCasesInContext(verification, stores.around),
    accounts: useCasesInContext(accounts, stores.around),
    wallets: methodsInContext(wallets, stores.around),
    runJobs: () => jobs.runDue(),
    openAccount(input) {
      return new ResultAsync(
        stores.around(async () => {
          const opened = await accounts.createAccount.execute({ email: input.email, walletCurrency: input.currency ?? options.defaultCurrency ?? 'KES' });
          if (opened.isErr()) return err<OpenedAccount, DomainError>(opened.error);
          const { id: accountId, walletCurrency: currency } = opened.value;
          const wallet = await wallets.openWallet({ accountId, currency });
          if (wallet.isErr()) return err(wallet.error);
          if (input.credit !== undefined) {
            const amount = Money.parse(input.credit, currency);
            if (amount.isErr()) return err(amount.error);
            const credited = await wallets.credit({ accountId, amount: amount.value, reason: 'opening credit', reference: `opening-${accountId}` });
            if (credited.isErr()) return err(credited.error);
          }
          const sender = (environment: 'live' | 'test' = 'live'): Sender => ({ accountId, apiKeyId: null, environment, walletCurrency: currency });
          return ok({ accountId, currency, sender });
        }),
      );
    },
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      await stores.close();
    },
  };
}

