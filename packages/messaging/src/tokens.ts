import { token } from '@tuma/kernel';
import type { Messaging } from './create-messaging.ts';
import type { Catalogue } from './application/catalogue/catalogue.port.ts';
import type { SendingHolds } from './application/sending/sending-holds.port.ts';
import type { OptOutList } from './application/opt-outs/opt-out-list.port.ts';
import type { TemplateRepository } from './application/templates/template.repository.port.ts';
import type { SenderIdRepository } from './application/sender-ids/sender-id.repository.port.ts';
import type { ContactListRepository } from './application/contacts/contact-list.repository.port.ts';
import type { MessageRepository } from './application/messages/message.repository.port.ts';
import type { BatchRepository } from './domain/messages/message-batch.ts';
import type { BatchAudience } from './application/sending/batch-audience.port.ts';
import type { GatewaySelector } from './application/sending/gateway-selector.ts';
import type { RouteThrottle } from './application/sending/route-throttle.ts';
import type { DeliveryReceiptSink } from './application/delivery/delivery-receipt-sink.port.ts';
import type { MessageReports } from './application/reports/message-reports.port.ts';
import type { WebhookConfigRepository } from './application/webhooks/webhook-config.repository.port.ts';
import type { InboundMessageRepository } from './application/inbound/inbound-message.repository.port.ts';
import type { InboundMessageSink } from './application/inbound/inbound-message-sink.port.ts';
import type { InboundClaims } from './application/inbound/inbound-claims.port.ts';
import type { UnsentMessageFollowers } from './application/sending/unsent-message-followers.port.ts';
import type { DispatchOptions } from './application/sending/dispatch-messages.use-case.ts';
import type { QuietHoursCatalogue } from './application/quiet-hours/quiet-hours-catalogue.port.ts';
import type { SmsSettingsRepository } from './application/settings/sms-settings.port.ts';

export const MESSAGING_TOKENS = {
  /** The SMS core's use cases (`createMessaging`). */
  messaging: token<Messaging>('messaging.Messaging'),
  catalogue: token<Catalogue>('messaging.Catalogue'),
  optOutList: token<OptOutList>('messaging.OptOutList'),
  templateRepository: token<TemplateRepository>('messaging.TemplateRepository'),
  senderIdRepository: token<SenderIdRepository>('messaging.SenderIdRepository'),
  contactListRepository: token<ContactListRepository>('messaging.ContactListRepository'),
  // sending
  messageRepository: token<MessageRepository>('messaging.MessageRepository'),
  batchRepository: token<BatchRepository>('messaging.BatchRepository'),
  batchAudience: token<BatchAudience>('messaging.BatchAudience'),
  sendingHolds: token<SendingHolds>('messaging.SendingHolds'),
  gateways: token<GatewaySelector>('messaging.GatewaySelector'),
  routeThrottle: token<RouteThrottle>('messaging.RouteThrottle'),
  deliveryReceiptSink: token<DeliveryReceiptSink>('messaging.DeliveryReceiptSink'),
  // reports
  messageReports: token<MessageReports>('messaging.MessageReports'),
  // webhooks
  webhookConfigRepository: token<WebhookConfigRepository>('messaging.WebhookConfigRepository'),
  // inbound
  inboundMessageRepository: token<InboundMessageRepository>('messaging.InboundMessageRepository'),
  inboundMessageSink: token<InboundMessageSink>('messaging.InboundMessageSink'),
  /** Inbound messages other products take over (two-way short codes). */
  inboundClaims: token<InboundClaims>('messaging.InboundClaims'),
  unsentMessageFollowers: token<UnsentMessageFollowers>('messaging.UnsentMessageFollowers'),
  /** How the dispatch hands messages to carriers (which faults its records outlast). */
  dispatchOptions: token<DispatchOptions>('messaging.DispatchOptions'),
  // quiet hours and SMS settings
  quietHoursCatalogue: token<QuietHoursCatalogue>('messaging.QuietHoursCatalogue'),
  smsSettings: token<SmsSettingsRepository>('messaging.SmsSettingsRepository'),
};
