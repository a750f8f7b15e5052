/** In-memory adapters of this package's ports: for unit tests and for apps embedding the core without a database. */
export { InMemoryBatchAudience } from './in-memory-batch-audience.ts';
export { InMemoryBatchRepository } from './in-memory-batch.repository.ts';
export { InMemoryCatalogue } from './in-memory-catalogue.ts';
export { InMemoryContactListRepository } from './in-memory-contact-list.repository.ts';
export { InMemoryInboundMessageRepository, type OutboundMessages } from './in-memory-inbound-message.repository.ts';
export { InMemoryMessageReports, type ApiKeyLabels } from './in-memory-message-reports.ts';
export { InMemoryMessageRepository } from './in-memory-message.repository.ts';
export { InMemoryOptOutList, newestOptOutFirst } from './in-memory-opt-out-list.ts';
export { InMemorySenderIdRepository } from './in-memory-sender-id.repository.ts';
export { InMemoryTemplateRepository } from './in-memory-template.repository.ts';
export { InMemoryWebhookConfigRepository } from './in-memory-webhook-config.repository.ts';
export { RecordingDeliveryReceiptSink } from './recording-delivery-receipt-sink.ts';
export { RecordingEventPublisher } from './recording-event-publisher.ts';
export { RecordingInboundMessageSink } from './recording-inbound-message-sink.ts';
export { inMemoryMessaging, inMemoryMessagingPorts, type InMemoryMessagingOptions, type InMemoryMessagingPorts, type InMemoryMessagingPortsWith } from './in-memory-messaging.ts';
export { InMemoryThroughputLeases } from './in-memory-throughput-leases.ts';
export { TWILIO_CALCULATOR_CORPUS, type CalculatorCase } from './twilio-calculator-corpus.ts';
