import { WalletLedger } from '@tuma/billing';
import { InMemoryIdempotencyKeyStore } from '@tuma/idempotency/testing';
import { InMemoryFxRates, InMemoryWalletStore } from '@tuma/billing/testing';
import { ok, systemClock, type Clock } from '@tuma/kernel';
import { ImmediateUnitOfWork, InMemoryJobScheduler } from '@tuma/kernel/testing';
import { AllowedHosts, WebhookDestinations } from '@tuma/webhooks';
import { InMemoryWebhookDeliveryRepository, RecordingWebhookSender } from '@tuma/webhooks/testing';
import type { GatewaySelector } from '../application/sending/gateway-selector.ts';
import { createMessaging, type Messaging, type MessagingPorts } from '../create-messaging.ts';
import { InMemoryBatchAudience } from './in-memory-batch-audience.ts';
import { InMemoryBatchRepository } from './in-memory-batch.repository.ts';
import { InMemoryCatalogue } from './in-memory-catalogue.ts';
import { InMemoryContactListRepository } from './in-memory-contact-list.repository.ts';
import { InMemoryInboundMessageRepository } from './in-memory-inbound-message.repository.ts';
import { InMemoryMessageReports } from './in-memory-message-reports.ts';
import { InMemoryMessageRepository } from './in-memory-message.repository.ts';
import { InMemoryOptOutList } from './in-memory-opt-out-list.ts';
import { InMemoryQuietHoursCatalogue } from './in-memory-quiet-hours-catalogue.ts';
import { InMemorySmsSettings } from './in-memory-sms-settings.ts';
import { InMemorySenderIdRepository } from './in-memory-sender-id.repository.ts';
import { InMemoryTemplateRepository } from './in-memory-template.repository.ts';
import { InMemoryWebhookConfigRepository } from './in-memory-webhook-config.repository.ts';

/** The SMS core's ports in memory, typed as the fakes they are so a test can reach into them. */
export interface InMemoryMessagingPorts extends MessagingPorts {
  readonly clock: Clock;
  readonly unitOfWork: ImmediateUnitOfWork;
  readonly jobs: InMemoryJobScheduler;
  readonly fxRates: InMemoryFxRates;
  readonly walletLedger: WalletLedger;
  readonly catalogue: InMemoryCatalogue;
  readonly optOutList: InMemoryOptOutList;
  readonly templateRepository: InMemoryTemplateRepository;
  readonly senderIdRepository: InMemorySenderIdRepository;
  readonly contactListRepository: InMemoryContactListRepository;
  readonly messageRepository: InMemoryMessageRepository;
  readonly batchRepository: InMemoryBatchRepository;
  readonly webhookConfigRepository: InMemoryWebhookConfigRepository;
  readonly webhookDeliveryRepository: InMemoryWebhookDeliveryRepository;
  readonly idempotencyKeys: InMemoryIdempotencyKeyStore;
  readonly quietHoursCatalogue: InMemoryQuietHoursCatalogue;
  readonly smsSettings: InMemorySmsSettings;
}

/** What a caller brings: the carriers at least; any other port replaces its in-memory default (the stores built on it follow). */
export type InMemoryMessagingOptions = Partial<MessagingPorts> & { readonly gateways: GatewaySelector };

/** The in-memory ports with the caller's own in their place, each typed as what it is. */
export type InMemoryMessagingPortsWith<O extends InMemoryMessagingOptions> = Omit<InMemoryMessagingPorts, keyof O> & O & MessagingPorts;

/**
 * Webhook destinations that never leave the process: every name stands for 192.0.2.1 (TEST-NET-1)
 * and no address is refused. The real policy and DNS are `adapters/webhooks`.
 */
const offlineDestinations = (): WebhookDestinations =>
  new WebhookDestinations({ blockedReason: () => undefined }, { addresses: async () => ok([{ address: '192.0.2.1', family: 4 }]) }, AllowedHosts.none);

/**
 * The stores that read the messages themselves (batch audiences, reports, conversations): in memory
 * over in-memory messages; with the caller's own message or batch store, the caller's too.
 */
function inMemoryMessageStores(
  messages: MessagingPorts['messageRepository'],
  batches: MessagingPorts['batchRepository'],
  options: InMemoryMessagingOptions,
): Pick<MessagingPorts, 'batchAudience' | 'messageReports' | 'inboundMessageRepository'> {
  const { batchAudience, messageReports, inboundMessageRepository } = options;
  if (batchAudience && messageReports && inboundMessageRepository) return { batchAudience, messageReports, inboundMessageRepository };
  if (!(messages instanceof InMemoryMessageRepository) || !(batches instanceof InMemoryBatchRepository)) {
    throw new Error('inMemoryMessagingPorts: with your own message or batch store, pass batchAudience, messageReports and inboundMessageRepository too');
  }
  return {
    batchAudience: batchAudience ?? new InMemoryBatchAudience(messages),
    messageReports: messageReports ?? new InMemoryMessageReports(messages, batches),
    inboundMessageRepository: inboundMessageRepository ?? new InMemoryInboundMessageRepository(() => messages.all()),
  };
}

/**
 * Every port of the SMS core in memory (the 54 markets and sample routes, an empty wallet store,
 * jobs run by hand with `jobs.runDue()`, webhooks recorded, not sent), over the given carriers.
 */
export function inMemoryMessagingPorts<O extends InMemoryMessagingOptions>(options: O): InMemoryMessagingPortsWith<O> {
  const clock = options.clock ?? systemClock;
  const unitOfWork = options.unitOfWork ?? new ImmediateUnitOfWork();
  const walletLedger = options.walletLedger ?? new WalletLedger(new InMemoryWalletStore(), unitOfWork, clock);
  const messageRepository = options.messageRepository ?? new InMemoryMessageRepository();
  const batchRepository = options.batchRepository ?? new InMemoryBatchRepository();
  const stores = inMemoryMessageStores(messageRepository, batchRepository, options);
  const ports: MessagingPorts = {
    jobs: new InMemoryJobScheduler(clock),
    fxRates: new InMemoryFxRates(),
    walletBalances: walletLedger,
    // The wallet's own currency: an in-memory app keeps no accounts.
    walletOwners: { walletCurrencyOf: async (accountId) => (await walletLedger.balance(accountId)).map((wallet) => wallet?.currency).unwrapOr(undefined) },
    catalogue: new InMemoryCatalogue(),
    optOutList: new InMemoryOptOutList(),
    templateRepository: new InMemoryTemplateRepository(),
    senderIdRepository: new InMemorySenderIdRepository(),
    contactListRepository: new InMemoryContactListRepository(),
    ...stores,
    webhookConfigRepository: new InMemoryWebhookConfigRepository(),
    webhookDeliveryRepository: new InMemoryWebhookDeliveryRepository(),
    webhookSender: new RecordingWebhookSender(),
    webhookDestinations: offlineDestinations(),
    idempotencyKeys: new InMemoryIdempotencyKeyStore(),
    quietHoursCatalogue: new InMemoryQuietHoursCatalogue(),
    smsSettings: new InMemorySmsSettings(),
    ...options,
    clock,
    unitOfWork,
    walletLedger,
    messageRepository,
    batchRepository,
  };
  return ports as unknown as InMemoryMessagingPortsWith<O>;
}

/** The SMS core on in-memory ports: its use cases and the ports they run on. */
export function inMemoryMessaging<O extends InMemoryMessagingOptions>(options: O): { readonly messaging: Messaging; readonly ports: InMemoryMessagingPortsWith<O> } {
  const ports = inMemoryMessagingPorts(options);
  return { messaging: createMessaging(ports), ports };
}
