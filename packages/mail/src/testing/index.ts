/** In-memory adapters of this package's ports: for unit tests and for apps embedding the core without a database. */
export { InMemoryMailDomainRepository } from './in-memory-mail-domain.repository.ts';
/** The kernel's (the DNS port is shared with links), kept here for mail's tests and embedders. */
export { InMemoryDnsResolver } from '@tuma/kernel/testing';
export { InMemoryDkimKeys } from './in-memory-dkim-keys.ts';
export { InMemoryMailOutbox } from './in-memory-mail-outbox.ts';
export { RecordingMailOutcomes } from './recording-mail-outcomes.ts';
export { InMemoryMailWebhookRepository } from './in-memory-mail-webhook.repository.ts';
export { InMemorySuppressionList } from './in-memory-suppression-list.ts';
export { InMemorySenderAddressRepository } from './in-memory-sender-address.repository.ts';
export { InMemoryMailUsage } from './in-memory-mail-usage.ts';
export { InMemorySmtpCredentialRepository } from './in-memory-smtp-credential.repository.ts';
export { InMemoryForwardRepository } from './in-memory-forward.repository.ts';
export { InMemoryMailContactRepository } from './in-memory-mail-contact.repository.ts';
export { InMemoryBroadcastRepository } from './in-memory-broadcast.repository.ts';
