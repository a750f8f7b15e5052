import { token } from '@tuma/kernel';
import type { GetCoverage } from './application/get-coverage.use-case.ts';
import type { GetRoute } from './application/get-route.use-case.ts';
import type { GetSenderIdFees } from './application/get-sender-id-fees.use-case.ts';
import type { ListPricing } from './application/list-pricing.use-case.ts';
import type { ListRoutes } from './application/list-routes.use-case.ts';
import type { SeedCatalogue } from './application/seed-catalogue.use-case.ts';
import type { UpdateRoute } from './application/update-route.use-case.ts';
import type { Catalogue } from './domain/catalogue/catalogue.port.ts';
import type { SendingHolds } from './application/sending/sending-holds.port.ts';
import type { ChargeSenderIdRecurringFee } from './application/charge-sender-id-recurring-fee.use-case.ts';
import type { QuotePrice } from './application/quote-price.use-case.ts';
import type { FindMissingFxRates } from './application/find-missing-fx-rates.use-case.ts';
import type { AddOptOut } from './application/add-opt-out.use-case.ts';
import type { CreateTemplate } from './application/create-template.use-case.ts';
import type { DeleteTemplate } from './application/delete-template.use-case.ts';
import type { ListOptOuts } from './application/list-opt-outs.use-case.ts';
import type { ListTemplates } from './application/list-templates.use-case.ts';
import type { RemoveOptOut } from './application/remove-opt-out.use-case.ts';
import type { UpdateTemplate } from './application/update-template.use-case.ts';
import type { OptOutList } from './domain/opt-outs/opt-out-list.port.ts';
import type { TemplateRepository } from './domain/templates/template.repository.port.ts';
import type { ApproveSenderId } from './application/approve-sender-id.use-case.ts';
import type { ListSenderIds } from './application/list-sender-ids.use-case.ts';
import type { RejectSenderId } from './application/reject-sender-id.use-case.ts';
import type { RequestSenderId } from './application/request-sender-id.use-case.ts';
import type { ReviewSenderIds } from './application/review-sender-ids.use-case.ts';
import type { SenderIdApprovals } from './application/sender-id-approvals.port.ts';
import type { SenderIdRepository } from './application/sender-id.repository.port.ts';
import type { ContactListRepository } from './domain/contacts/contact-list.repository.port.ts';
import type { ContactSource } from './domain/contacts/contact-source.port.ts';
import type { AddContactMembers } from './application/add-contact-members.use-case.ts';
import type { CreateContactList } from './application/create-contact-list.use-case.ts';
import type { DeleteContactList } from './application/delete-contact-list.use-case.ts';
import type { GetContactList } from './application/get-contact-list.use-case.ts';
import type { ImportContacts } from './application/import-contacts.use-case.ts';
import type { ListContactLists } from './application/list-contact-lists.use-case.ts';
import type { ListContactMembers } from './application/list-contact-members.use-case.ts';
import type { RemoveContactMember } from './application/remove-contact-member.use-case.ts';
import type { UpdateContactList } from './application/update-contact-list.use-case.ts';
import type { MessageRepository } from './domain/messages/message.repository.port.ts';
import type { BatchRepository } from './domain/messages/message-batch.ts';
import type { BatchAudience } from './domain/messages/batch-audience.port.ts';
import type { SendMessage } from './application/sending/send-message.use-case.ts';
import type { SendBulk } from './application/sending/send-bulk.use-case.ts';
import type { PlanBulkSend } from './application/sending/plan-bulk-send.ts';
import type { BulkPrecheckUseCase } from './application/sending/bulk-precheck.use-case.ts';
import type { CancelMessages } from './application/sending/cancel-messages.use-case.ts';
import type { DispatchMessages } from './application/sending/dispatch-messages.use-case.ts';
import type { RunDripStep } from './application/sending/run-drip-step.use-case.ts';
import type { GatewaySelector } from './application/sending/gateway-selector.ts';
import type { RouteThrottle } from './application/sending/route-throttle.ts';
import type { ApplyDeliveryReceipts } from './application/delivery/apply-delivery-receipts.use-case.ts';
import type { DeliveryReceiptSink } from './application/delivery/delivery-receipt-sink.port.ts';
import type { ListMessages } from './application/messages/list-messages.use-case.ts';
import type { GetMessage } from './application/messages/get-message.use-case.ts';
import type { GetMessageStatuses } from './application/messages/get-message-statuses.use-case.ts';
import type { GetBatch } from './application/messages/get-batch.use-case.ts';
import type { MessageReports } from './domain/reports/message-reports.port.ts';
import type { GetMessageStats } from './application/reports/get-message-stats.use-case.ts';
import type { GetMessageVolume } from './application/reports/get-message-volume.use-case.ts';
import type { GetRouteHealth } from './application/reports/get-route-health.use-case.ts';
import type { GetReport } from './application/reports/get-report.use-case.ts';
import type { GetReportBreakdown } from './application/reports/get-report-breakdown.use-case.ts';
import type { EventPublisher } from './domain/events/webhook-event.ts';
import type { WebhookConfigRepository } from './domain/webhooks/webhook-config.repository.port.ts';
import type { WebhookDeliveryRepository } from './domain/webhooks/webhook-delivery.repository.port.ts';
import type { WebhookDestinations } from './application/webhooks/webhook-destinations.ts';
import type { WebhookSender } from './application/webhooks/webhook-sender.port.ts';
import type { GetWebhookConfig } from './application/webhooks/get-webhook-config.use-case.ts';
import type { UpdateWebhookConfig } from './application/webhooks/update-webhook-config.use-case.ts';
import type { RotateWebhookSecret } from './application/webhooks/rotate-webhook-secret.use-case.ts';
import type { SendTestWebhooks } from './application/webhooks/send-test-webhooks.use-case.ts';
import type { DeliverWebhook } from './application/webhooks/deliver-webhook.use-case.ts';
import type { ListWebhookDeliveries } from './application/webhooks/list-webhook-deliveries.use-case.ts';
import type { RedeliverWebhook } from './application/webhooks/redeliver-webhook.use-case.ts';
import type { InboundMessageRepository } from './domain/inbound/inbound-message.repository.port.ts';
import type { InboundMessageSink } from './application/inbound/inbound-message-sink.port.ts';
import type { ReceiveInboundMessage } from './application/inbound/receive-inbound-message.use-case.ts';
import type { ListConversations } from './application/inbound/list-conversations.use-case.ts';
import type { GetConversation } from './application/inbound/get-conversation.use-case.ts';

export const MESSAGING_TOKENS = {
  catalogue: token<Catalogue>('messaging.Catalogue'),
  listRoutes: token<ListRoutes>('messaging.ListRoutes'),
  getRoute: token<GetRoute>('messaging.GetRoute'),
  listPricing: token<ListPricing>('messaging.ListPricing'),
  getCoverage: token<GetCoverage>('messaging.GetCoverage'),
  getSenderIdFees: token<GetSenderIdFees>('messaging.GetSenderIdFees'),
  updateRoute: token<UpdateRoute>('messaging.UpdateRoute'),
  seedCatalogue: token<SeedCatalogue>('messaging.SeedCatalogue'),
  quotePrice: token<QuotePrice>('messaging.QuotePrice'),
  findMissingFxRates: token<FindMissingFxRates>('messaging.FindMissingFxRates'),
  optOutList: token<OptOutList>('messaging.OptOutList'),
  listOptOuts: token<ListOptOuts>('messaging.ListOptOuts'),
  addOptOut: token<AddOptOut>('messaging.AddOptOut'),
  removeOptOut: token<RemoveOptOut>('messaging.RemoveOptOut'),
  templateRepository: token<TemplateRepository>('messaging.TemplateRepository'),
  listTemplates: token<ListTemplates>('messaging.ListTemplates'),
  createTemplate: token<CreateTemplate>('messaging.CreateTemplate'),
  updateTemplate: token<UpdateTemplate>('messaging.UpdateTemplate'),
  deleteTemplate: token<DeleteTemplate>('messaging.DeleteTemplate'),
  senderIdRepository: token<SenderIdRepository>('messaging.SenderIdRepository'),
  senderIdApprovals: token<SenderIdApprovals>('messaging.SenderIdApprovals'),
  requestSenderId: token<RequestSenderId>('messaging.RequestSenderId'),
  listSenderIds: token<ListSenderIds>('messaging.ListSenderIds'),
  reviewSenderIds: token<ReviewSenderIds>('messaging.ReviewSenderIds'),
  approveSenderId: token<ApproveSenderId>('messaging.ApproveSenderId'),
  chargeSenderIdRecurringFee: token<ChargeSenderIdRecurringFee>('messaging.ChargeSenderIdRecurringFee'),
  rejectSenderId: token<RejectSenderId>('messaging.RejectSenderId'),
  contactListRepository: token<ContactListRepository>('messaging.ContactListRepository'),
  contactSource: token<ContactSource>('messaging.ContactSource'),
  listContactLists: token<ListContactLists>('messaging.ListContactLists'),
  createContactList: token<CreateContactList>('messaging.CreateContactList'),
  getContactList: token<GetContactList>('messaging.GetContactList'),
  updateContactList: token<UpdateContactList>('messaging.UpdateContactList'),
  deleteContactList: token<DeleteContactList>('messaging.DeleteContactList'),
  listContactMembers: token<ListContactMembers>('messaging.ListContactMembers'),
  addContactMembers: token<AddContactMembers>('messaging.AddContactMembers'),
  removeContactMember: token<RemoveContactMember>('messaging.RemoveContactMember'),
  importContacts: token<ImportContacts>('messaging.ImportContacts'),
  // sending
  messageRepository: token<MessageRepository>('messaging.MessageRepository'),
  batchRepository: token<BatchRepository>('messaging.BatchRepository'),
  batchAudience: token<BatchAudience>('messaging.BatchAudience'),
  sendMessage: token<SendMessage>('messaging.SendMessage'),
  planBulkSend: token<PlanBulkSend>('messaging.PlanBulkSend'),
  sendBulk: token<SendBulk>('messaging.SendBulk'),
  bulkPrecheck: token<BulkPrecheckUseCase>('messaging.BulkPrecheck'),
  cancelMessages: token<CancelMessages>('messaging.CancelMessages'),
  dispatchMessages: token<DispatchMessages>('messaging.DispatchMessages'),
  runDripStep: token<RunDripStep>('messaging.RunDripStep'),
  sendingHolds: token<SendingHolds>('messaging.SendingHolds'),
  gateways: token<GatewaySelector>('messaging.GatewaySelector'),
  routeThrottle: token<RouteThrottle>('messaging.RouteThrottle'),
  applyDeliveryReceipts: token<ApplyDeliveryReceipts>('messaging.ApplyDeliveryReceipts'),
  deliveryReceiptSink: token<DeliveryReceiptSink>('messaging.DeliveryReceiptSink'),
  listMessages: token<ListMessages>('messaging.ListMessages'),
  getMessage: token<GetMessage>('messaging.GetMessage'),
  getMessageStatuses: token<GetMessageStatuses>('messaging.GetMessageStatuses'),
  getBatch: token<GetBatch>('messaging.GetBatch'),
  // reports
  messageReports: token<MessageReports>('messaging.MessageReports'),
  getMessageStats: token<GetMessageStats>('messaging.GetMessageStats'),
  getMessageVolume: token<GetMessageVolume>('messaging.GetMessageVolume'),
  getRouteHealth: token<GetRouteHealth>('messaging.GetRouteHealth'),
  getReport: token<GetReport>('messaging.GetReport'),
  getReportBreakdown: token<GetReportBreakdown>('messaging.GetReportBreakdown'),
  // webhooks
  eventPublisher: token<EventPublisher>('messaging.EventPublisher'),
  webhookConfigRepository: token<WebhookConfigRepository>('messaging.WebhookConfigRepository'),
  webhookDeliveryRepository: token<WebhookDeliveryRepository>('messaging.WebhookDeliveryRepository'),
  webhookDestinations: token<WebhookDestinations>('messaging.WebhookDestinations'),
  webhookSender: token<WebhookSender>('messaging.WebhookSender'),
  getWebhookConfig: token<GetWebhookConfig>('messaging.GetWebhookConfig'),
  updateWebhookConfig: token<UpdateWebhookConfig>('messaging.UpdateWebhookConfig'),
  rotateWebhookSecret: token<RotateWebhookSecret>('messaging.RotateWebhookSecret'),
  sendTestWebhooks: token<SendTestWebhooks>('messaging.SendTestWebhooks'),
  deliverWebhook: token<DeliverWebhook>('messaging.DeliverWebhook'),
  listWebhookDeliveries: token<ListWebhookDeliveries>('messaging.ListWebhookDeliveries'),
  redeliverWebhook: token<RedeliverWebhook>('messaging.RedeliverWebhook'),
  // inbound
  inboundMessageRepository: token<InboundMessageRepository>('messaging.InboundMessageRepository'),
  receiveInboundMessage: token<ReceiveInboundMessage>('messaging.ReceiveInboundMessage'),
  inboundMessageSink: token<InboundMessageSink>('messaging.InboundMessageSink'),
  listConversations: token<ListConversations>('messaging.ListConversations'),
  getConversation: token<GetConversation>('messaging.GetConversation'),
};
