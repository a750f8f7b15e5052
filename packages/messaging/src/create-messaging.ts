import type { FxRates, WalletBalances, WalletLedger, WalletOwners } from '@tuma/billing';
import { IdempotentEffects, type IdempotencyKeyStore } from '@tuma/idempotency';
import { jobRoute, type BatchContext, type Clock, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import {
  DeliverWebhook,
  deliverWebhookJob,
  ListWebhookDeliveries,
  OutboxEventPublisher,
  RedeliverWebhook,
  WebhookOutbox,
  type RecordedAttempt,
  type WebhookDeliveryRepository,
  type WebhookDestinations,
  type WebhookSender,
} from '@tuma/webhooks';
import type { Catalogue } from './application/catalogue/catalogue.port.ts';
import { FindMissingFxRates } from './application/catalogue/find-missing-fx-rates.use-case.ts';
import { GetCoverage } from './application/catalogue/get-coverage.use-case.ts';
import { GetRoute } from './application/catalogue/get-route.use-case.ts';
import { GetSenderIdFees } from './application/catalogue/get-sender-id-fees.use-case.ts';
import { ListPricing } from './application/catalogue/list-pricing.use-case.ts';
import { ListRoutes } from './application/catalogue/list-routes.use-case.ts';
import { SeedCatalogue } from './application/catalogue/seed-catalogue.use-case.ts';
import { UpdateRoute } from './application/catalogue/update-route.use-case.ts';
import { AddContactMembers } from './application/contacts/add-contact-members.use-case.ts';
import type { ContactListRepository } from './application/contacts/contact-list.repository.port.ts';
import { CreateContactList } from './application/contacts/create-contact-list.use-case.ts';
import { DeleteContactList } from './application/contacts/delete-contact-list.use-case.ts';
import { GetContactList } from './application/contacts/get-contact-list.use-case.ts';
import { ImportContacts } from './application/contacts/import-contacts.use-case.ts';
import { ListContactLists } from './application/contacts/list-contact-lists.use-case.ts';
import { ListContactMembers } from './application/contacts/list-contact-members.use-case.ts';
import { RemoveContactMember } from './application/contacts/remove-contact-member.use-case.ts';
import { UpdateContactList } from './application/contacts/update-contact-list.use-case.ts';
import { ApplyDeliveryReceipts } from './application/delivery/apply-delivery-receipts.use-case.ts';
import { GetConversation } from './application/inbound/get-conversation.use-case.ts';
import type { InboundMessageRepository } from './application/inbound/inbound-message.repository.port.ts';
import { ListConversations } from './application/inbound/list-conversations.use-case.ts';
import { ReceiveInboundMessage } from './application/inbound/receive-inbound-message.use-case.ts';
import { GetBatch } from './application/messages/get-batch.use-case.ts';
import { ListBatches } from './application/messages/list-batches.use-case.ts';
import { GetMessageStatuses } from './application/messages/get-message-statuses.use-case.ts';
import { GetMessage } from './application/messages/get-message.use-case.ts';
import { ListMessages } from './application/messages/list-messages.use-case.ts';
import type { MessageRepository } from './application/messages/message.repository.port.ts';
import { AddOptOut } from './application/opt-outs/add-opt-out.use-case.ts';
import { ListOptOuts } from './application/opt-outs/list-opt-outs.use-case.ts';
import type { OptOutList } from './application/opt-outs/opt-out-list.port.ts';
import { RemoveOptOut } from './application/opt-outs/remove-opt-out.use-case.ts';
import { QuotePrice } from './application/quotes/quote-price.use-case.ts';
import { ListMarketQuietHours } from './application/quiet-hours/list-market-quiet-hours.use-case.ts';
import type { QuietHoursCatalogue } from './application/quiet-hours/quiet-hours-catalogue.port.ts';
import { QuietHoursGate } from './application/quiet-hours/quiet-hours-gate.ts';
import { SeedQuietHours } from './application/quiet-hours/seed-quiet-hours.use-case.ts';
import { UpdateMarketQuietHours } from './application/quiet-hours/update-market-quiet-hours.use-case.ts';
import { GetSmsSettings } from './application/settings/get-sms-settings.use-case.ts';
import type { SmsSettingsRepository } from './application/settings/sms-settings.port.ts';
import { UpdateSmsSettings } from './application/settings/update-sms-settings.use-case.ts';
import { GetMessageStats } from './application/reports/get-message-stats.use-case.ts';
import { GetMessageVolume } from './application/reports/get-message-volume.use-case.ts';
import { GetReportBreakdown } from './application/reports/get-report-breakdown.use-case.ts';
import { GetReport } from './application/reports/get-report.use-case.ts';
import { GetRouteHealth } from './application/reports/get-route-health.use-case.ts';
import type { MessageReports } from './application/reports/message-reports.port.ts';
import { CreateTemplate } from './application/templates/create-template.use-case.ts';
import { DeleteTemplate } from './application/templates/delete-template.use-case.ts';
import { ListTemplates } from './application/templates/list-templates.use-case.ts';
import type { TemplateRepository } from './application/templates/template.repository.port.ts';
import { UpdateTemplate } from './application/templates/update-template.use-case.ts';
import { ApproveSenderId } from './application/sender-ids/approve-sender-id.use-case.ts';
import { ChargeSenderIdRecurringFee } from './application/sender-ids/charge-sender-id-recurring-fee.use-case.ts';
import { ListSenderIds } from './application/sender-ids/list-sender-ids.use-case.ts';
import { RejectSenderId } from './application/sender-ids/reject-sender-id.use-case.ts';
import { RequestSenderId } from './application/sender-ids/request-sender-id.use-case.ts';
import { ReviewSenderIds } from './application/sender-ids/review-sender-ids.use-case.ts';
import type { SenderIdRepository } from './application/sender-ids/sender-id.repository.port.ts';
import type { BatchAudience } from './application/sending/batch-audience.port.ts';
import { BulkPrecheckUseCase } from './application/sending/bulk-precheck.use-case.ts';
import { CancelMessages } from './application/sending/cancel-messages.use-case.ts';
import { DISPATCH_BATCHES_AT_ONCE, DispatchMessages, type DispatchOptions } from './application/sending/dispatch-messages.use-case.ts';
import type { GatewaySelector } from './application/sending/gateway-selector.ts';
import { PlanBulkSend } from './application/sending/plan-bulk-send.ts';
import { unthrottled, type RouteThrottle } from './application/sending/route-throttle.ts';
import { RunDripStep } from './application/sending/run-drip-step.use-case.ts';
import { SendBulk } from './application/sending/send-bulk.use-case.ts';
import { SEND_BATCHES_AT_ONCE, SendMessage } from './application/sending/send-message.use-case.ts';
import { SendOtpMessage } from './application/sending/send-otp-message.use-case.ts';
import type { SendingHolds } from './application/sending/sending-holds.port.ts';
import { DISPATCH_BATCH_JOB, DRIP_BATCH_JOB, SENDER_ID_RECURRING_FEE_JOB, SUBMIT_MESSAGE_JOB, SUBMIT_MESSAGES_JOB, UNSENT_MESSAGE_GUARD_JOB } from './application/sending/sending-jobs.ts';
import { GuardUnsentMessages } from './application/sending/guard-unsent-messages.use-case.ts';
import type { UnsentMessageFollowers } from './application/sending/unsent-message-followers.port.ts';
import type { EventPublisher } from './domain/events/webhook-event.ts';
import type { BatchRepository } from './domain/messages/message-batch.ts';
import { GetWebhookConfig } from './application/webhooks/get-webhook-config.use-case.ts';
import { RotateWebhookSecret } from './application/webhooks/rotate-webhook-secret.use-case.ts';
import { SendTestWebhooks } from './application/webhooks/send-test-webhooks.use-case.ts';
import { SmsWebhookEndpoints } from './application/webhooks/sms-webhook-endpoints.ts';
import { UpdateWebhookConfig } from './application/webhooks/update-webhook-config.use-case.ts';
import type { WebhookConfigRepository } from './application/webhooks/webhook-config.repository.port.ts';
import { SMS_WEBHOOK_PROFILE, TWO_WAY_WEBHOOK_PROFILE } from './domain/webhooks/sms-webhook-profile.ts';
import { ClaimedEventPublisher } from './application/webhooks/claimed-event-publisher.ts';
import type { InboundClaims } from './application/inbound/inbound-claims.port.ts';

/** Everything the SMS core needs from outside: its stores, the wallet, the carriers, the webhook engine's adapters. */
export interface MessagingPorts {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly jobs: JobScheduler;
  readonly fxRates: FxRates;
  readonly walletLedger: WalletLedger;
  readonly walletBalances: WalletBalances;
  readonly walletOwners: WalletOwners;
  readonly catalogue: Catalogue;
  readonly optOutList: OptOutList;
  readonly templateRepository: TemplateRepository;
  /** Also answers which sender IDs are approved where (`SenderIdApprovals`). */
  readonly senderIdRepository: SenderIdRepository;
  /** Also the contact source of bulk sends. */
  readonly contactListRepository: ContactListRepository;
  readonly messageRepository: MessageRepository;
  readonly batchRepository: BatchRepository;
  readonly batchAudience: BatchAudience;
  readonly messageReports: MessageReports;
  readonly inboundMessageRepository: InboundMessageRepository;
  /** Live and test carriers (`EnvironmentGateways`). */
  readonly gateways: GatewaySelector;
  readonly webhookConfigRepository: WebhookConfigRepository;
  readonly webhookDeliveryRepository: WebhookDeliveryRepository;
  readonly webhookSender: WebhookSender;
  readonly webhookDestinations: WebhookDestinations;
  /** Idempotency-Key records: a send's answer is kept in the unit of work that writes it. */
  readonly idempotencyKeys: IdempotencyKeyStore;
  /** Submissions per second per route; none by default. */
  readonly routeThrottle?: RouteThrottle;
  /** Accounts whose sends are held (suspended); none by default. */
  readonly sendingHolds?: SendingHolds;
  readonly dispatch?: DispatchOptions;
  /**
   * Runs each group commit of sends in a database context of its own; as is by default. With it,
   * two batches of plain sends are written at once (the database's locks keep their wallets and
   * duplicates apart); sends with a caller's gate still go one batch at a time.
   */
  readonly batchContext?: BatchContext;
  /** Where delivery reports and inbound messages are published; by default the webhook outbox (SMS profile). */
  readonly eventPublisher?: EventPublisher;
  /** Inbound messages other products take over (two-way short codes); none by default. */
  readonly inboundClaims?: InboundClaims;
  /** The markets' quiet hours (docs/quiet-hours.md). */
  readonly quietHoursCatalogue: QuietHoursCatalogue;
  /** Accounts' SMS settings: smart-encoding default, quiet-hours overrides. */
  readonly smsSettings: SmsSettingsRepository;
  /** What else fails with a message whose sender died before submitting it (Verify's verifications); nothing by default. */
  readonly unsentMessageFollowers?: UnsentMessageFollowers;
}

const NOTHING_HELD: SendingHolds = { isHeld: async () => false };
const NO_FOLLOWERS: UnsentMessageFollowers = { unsent: async () => undefined };

/**
 * The SMS core: every use case of the package, built from its ports. The server, the CLI, the test
 * fixtures and embedding apps build it alike (docs/embedding.md); its jobs are `messagingJobRoutes`.
 */
export function createMessaging(ports: MessagingPorts) {
  const { unitOfWork: uow, clock, jobs, fxRates, walletLedger: ledger, catalogue, optOutList: optOuts, messageRepository: messages } = ports;
  const { senderIdRepository: senderIds, contactListRepository: lists, templateRepository: templates, batchRepository: batches, batchAudience: audience } = ports;
  const { messageReports: reports, inboundMessageRepository: inbound, webhookConfigRepository: webhookConfigs, webhookDeliveryRepository: deliveries } = ports;

  const webhookEndpoints = new SmsWebhookEndpoints(webhookConfigs, ports.inboundClaims);
  const webhookOutbox = new WebhookOutbox(deliveries, jobs, clock, SMS_WEBHOOK_PROFILE);
  const eventPublisher: EventPublisher = ports.eventPublisher ?? new OutboxEventPublisher(webhookEndpoints, webhookOutbox);
  const deliverWebhook = new DeliverWebhook(deliveries, webhookEndpoints, ports.webhookSender, jobs, uow, clock, SMS_WEBHOOK_PROFILE);
  // Claimed inbound messages (two-way short codes): SMS's headers and secret, the two-way retry schedule.
  const claimedEvents = new ClaimedEventPublisher(webhookConfigs, new WebhookOutbox(deliveries, jobs, clock, TWO_WAY_WEBHOOK_PROFILE), clock);
  const deliverTwoWayWebhook = new DeliverWebhook(deliveries, webhookEndpoints, ports.webhookSender, jobs, uow, clock, TWO_WAY_WEBHOOK_PROFILE);
  const idempotentEffects = new IdempotentEffects(ports.idempotencyKeys, clock);
  const { quietHoursCatalogue, smsSettings } = ports;
  const quietHoursGate = new QuietHoursGate(quietHoursCatalogue, smsSettings);
  const planBulkSend = new PlanBulkSend(catalogue, fxRates, optOuts, senderIds, lists, smsSettings);
  const dispatchMessages = new DispatchMessages(
    messages,
    audience,
    catalogue,
    ports.gateways,
    ports.routeThrottle ?? unthrottled,
    ledger,
    jobs,
    eventPublisher,
    ports.sendingHolds ?? NOTHING_HELD,
    uow,
    clock,
    quietHoursGate,
    { ...ports.dispatch, ...(ports.batchContext ? { groupCommit: { around: ports.batchContext }, singleBatchesAtOnce: DISPATCH_BATCHES_AT_ONCE } : {}) },
  );

  const sendMessage = new SendMessage(catalogue, fxRates, optOuts, senderIds, messages, ledger, jobs, eventPublisher, idempotentEffects, uow, clock, smsSettings, quietHoursGate, {
    groupCommit: ports.batchContext ? { around: ports.batchContext, concurrency: SEND_BATCHES_AT_ONCE } : {},
  });

  return {
    // catalogue and prices
    listRoutes: new ListRoutes(catalogue),
    getRoute: new GetRoute(catalogue),
    listPricing: new ListPricing(catalogue),
    getCoverage: new GetCoverage(catalogue),
    getSenderIdFees: new GetSenderIdFees(catalogue),
    updateRoute: new UpdateRoute(catalogue),
    seedCatalogue: new SeedCatalogue(catalogue),
    quotePrice: new QuotePrice(catalogue, fxRates, ports.walletBalances, smsSettings),
    // quiet hours and SMS settings
    listMarketQuietHours: new ListMarketQuietHours(quietHoursCatalogue),
    updateMarketQuietHours: new UpdateMarketQuietHours(quietHoursCatalogue, uow, clock),
    seedQuietHours: new SeedQuietHours(quietHoursCatalogue, uow),
    getSmsSettings: new GetSmsSettings(smsSettings, ports.walletOwners),
    updateSmsSettings: new UpdateSmsSettings(smsSettings, quietHoursCatalogue, ports.walletOwners, uow, clock),
    findMissingFxRates: new FindMissingFxRates(catalogue, fxRates),
    // opt-outs and templates
    listOptOuts: new ListOptOuts(optOuts),
    addOptOut: new AddOptOut(optOuts, uow, clock),
    removeOptOut: new RemoveOptOut(optOuts, uow),
    listTemplates: new ListTemplates(templates),
    createTemplate: new CreateTemplate(templates, uow, clock),
    updateTemplate: new UpdateTemplate(templates, uow, clock),
    deleteTemplate: new DeleteTemplate(templates, uow),
    // sender IDs
    requestSenderId: new RequestSenderId(catalogue, senderIds, uow, clock),
    listSenderIds: new ListSenderIds(senderIds),
    reviewSenderIds: new ReviewSenderIds(senderIds, catalogue),
    approveSenderId: new ApproveSenderId(senderIds, catalogue, fxRates, ports.walletOwners, ledger, jobs, uow, clock),
    chargeSenderIdRecurringFee: new ChargeSenderIdRecurringFee(senderIds, catalogue, fxRates, ports.walletOwners, ledger, jobs, uow, clock),
    rejectSenderId: new RejectSenderId(senderIds, catalogue, uow, clock),
    // contact lists
    listContactLists: new ListContactLists(lists),
    createContactList: new CreateContactList(lists, uow, clock),
    getContactList: new GetContactList(lists),
    updateContactList: new UpdateContactList(lists, uow, clock),
    deleteContactList: new DeleteContactList(lists, uow),
    listContactMembers: new ListContactMembers(lists),
    addContactMembers: new AddContactMembers(lists, uow, clock),
    removeContactMember: new RemoveContactMember(lists, uow, clock),
    importContacts: new ImportContacts(lists, uow, clock),
    // sending, dispatch and delivery reports
    sendMessage,
    sendOtpMessage: new SendOtpMessage(sendMessage, dispatchMessages, messages, optOuts),
    sendBulk: new SendBulk(planBulkSend, audience, batches, ledger, jobs, idempotentEffects, uow, clock, quietHoursGate),
    bulkPrecheck: new BulkPrecheckUseCase(planBulkSend, ports.walletBalances),
    cancelMessages: new CancelMessages(messages, batches, audience, ledger, eventPublisher, uow, clock),
    dispatchMessages,
    guardUnsentMessages: new GuardUnsentMessages(dispatchMessages, idempotentEffects, ports.unsentMessageFollowers ?? NO_FOLLOWERS, uow),
    runDripStep: new RunDripStep(dispatchMessages, jobs, clock),
    applyDeliveryReceipts: new ApplyDeliveryReceipts(messages, eventPublisher, uow, clock),
    listMessages: new ListMessages(messages),
    getMessage: new GetMessage(messages),
    getMessageStatuses: new GetMessageStatuses(messages),
    getBatch: new GetBatch(messages, batches),
    listBatches: new ListBatches(messages, batches),
    // reports
    getMessageStats: new GetMessageStats(reports, clock),
    getMessageVolume: new GetMessageVolume(reports, clock),
    getRouteHealth: new GetRouteHealth(reports, clock),
    getReport: new GetReport(reports, clock),
    getReportBreakdown: new GetReportBreakdown(reports, clock),
    // inbound and conversations
    receiveInboundMessage: new ReceiveInboundMessage(inbound, optOuts, eventPublisher, uow, clock, ports.inboundClaims, claimedEvents),
    listConversations: new ListConversations(inbound),
    getConversation: new GetConversation(inbound),
    // webhooks (the engine with the SMS profile)
    eventPublisher,
    getWebhookConfig: new GetWebhookConfig(webhookConfigs, uow, clock),
    updateWebhookConfig: new UpdateWebhookConfig(webhookConfigs, ports.webhookDestinations, uow, clock),
    rotateWebhookSecret: new RotateWebhookSecret(webhookConfigs, uow, clock),
    sendTestWebhooks: new SendTestWebhooks(webhookConfigs, webhookOutbox, deliveries, deliverWebhook, uow, clock),
    deliverWebhook,
    deliverTwoWayWebhook,
    listWebhookDeliveries: new ListWebhookDeliveries(deliveries, [SMS_WEBHOOK_PROFILE, TWO_WAY_WEBHOOK_PROFILE]),
    redeliverWebhook: new RedeliverWebhook(deliveries, webhookEndpoints, jobs, uow, clock, [SMS_WEBHOOK_PROFILE, TWO_WAY_WEBHOOK_PROFILE]),
  };
}

/** The SMS core's use cases, as `createMessaging` builds them. */
export type Messaging = ReturnType<typeof createMessaging>;

export interface MessagingJobOptions {
  /** Told of every webhook delivery attempt (the server logs them). */
  readonly onWebhookAttempt?: (recorded: RecordedAttempt) => void;
}

/** Which use case runs each of the SMS core's jobs: a worker registers them all (`JobRoute.register`). */
export function messagingJobRoutes(messaging: Messaging, options: MessagingJobOptions = {}): readonly JobRoute[] {
  return [
    jobRoute(SUBMIT_MESSAGE_JOB, (p) => messaging.dispatchMessages.submitMessage(p.messageId, p.attempt)),
    jobRoute(SUBMIT_MESSAGES_JOB, (p) => messaging.dispatchMessages.submitFirstAttempts(p.messageIds)),
    jobRoute(UNSENT_MESSAGE_GUARD_JOB, (p) => messaging.guardUnsentMessages.execute(p)),
    jobRoute(DISPATCH_BATCH_JOB, (p, attempt) =>
      messaging.dispatchMessages.submitBatchRange(p.batchId, p.fromSeq, p.toSeq, { lastAttempt: attempt.retryCount >= DISPATCH_BATCH_JOB.retryLimit }),
    ),
    jobRoute(DRIP_BATCH_JOB, (p) => messaging.runDripStep.execute(p)),
    jobRoute(SENDER_ID_RECURRING_FEE_JOB, (p) => messaging.chargeSenderIdRecurringFee.execute(p)),
    jobRoute(deliverWebhookJob(SMS_WEBHOOK_PROFILE), (due) =>
      messaging.deliverWebhook.execute(due).map((recorded) => {
        if (recorded) options.onWebhookAttempt?.(recorded);
      }),
    ),
    jobRoute(deliverWebhookJob(TWO_WAY_WEBHOOK_PROFILE), (due) =>
      messaging.deliverTwoWayWebhook.execute(due).map((recorded) => {
        if (recorded) options.onWebhookAttempt?.(recorded);
      }),
    ),
  ];
}
