import { IdempotentEffects, type IdempotencyKeyStore } from '@tuma/idempotency';
import { jobRoute, type Clock, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { MailPlans } from './application/billing/mail-plans.port.ts';
import type { MailUsage } from './application/billing/mail-usage.port.ts';
import type { BroadcastRepository } from './application/broadcasts/broadcast.repository.port.ts';
import { Broadcasts } from './application/broadcasts/broadcasts.use-cases.ts';
import { DISPATCH_BROADCAST_JOB } from './application/broadcasts/dispatch-broadcast.job.ts';
import { DispatchBroadcast } from './application/broadcasts/dispatch-broadcast.use-case.ts';
import { SendBroadcast } from './application/broadcasts/send-broadcast.use-case.ts';
import { Unsubscribe } from './application/broadcasts/unsubscribe.use-case.ts';
import { UnsubscribeTokens } from './application/broadcasts/unsubscribe-tokens.ts';
import type { MailContactRepository } from './application/contacts/mail-contact.repository.port.ts';
import { MailContacts } from './application/contacts/mail-contacts.use-cases.ts';
import type { MailDomainRepository } from './application/domains/mail-domain.repository.port.ts';
import type { EmailRepository } from './application/emails/email.repository.port.ts';
import type { MailPublicUrl } from './application/mail-public-url.ts';
import type { SenderAddressRepository } from './application/sender-addresses/sender-address.repository.port.ts';
import { SignedTokens } from './application/signing/signed-tokens.ts';

export interface MailBroadcastPorts {
  readonly clock: Clock;
  readonly unitOfWork: UnitOfWork;
  readonly jobs: JobScheduler;
  /** Keeps the answers of sends with an Idempotency-Key, as for `POST /v1/emails`. */
  readonly idempotencyKeys: IdempotencyKeyStore;
  readonly contacts: MailContactRepository;
  readonly broadcasts: BroadcastRepository;
  readonly emails: EmailRepository;
  readonly domains: MailDomainRepository;
  readonly senderAddresses: SenderAddressRepository;
  readonly plans: MailPlans;
  readonly usage: MailUsage;
  /** Signs the unsubscribe links (the mail token key, as tracking links). */
  readonly tokenKey: () => Buffer;
  readonly publicUrl: MailPublicUrl;
}

/** The mail API's contact lists and broadcasts (docs/mail.md, "Contacts and broadcasts"). */
export function createMailBroadcasts(ports: MailBroadcastPorts) {
  const { clock, unitOfWork, jobs } = ports;
  const tokens = new UnsubscribeTokens(new SignedTokens(ports.tokenKey), ports.publicUrl);
  return {
    contacts: new MailContacts(ports.contacts, unitOfWork, clock),
    sendBroadcast: new SendBroadcast(ports.contacts, ports.broadcasts, ports.domains, ports.senderAddresses, ports.plans, ports.usage, jobs, unitOfWork, new IdempotentEffects(ports.idempotencyKeys, clock), clock),
    dispatchBroadcast: new DispatchBroadcast(ports.broadcasts, ports.emails, tokens, jobs, unitOfWork, clock),
    broadcasts: new Broadcasts(ports.broadcasts, clock),
    unsubscribe: new Unsubscribe(tokens, ports.contacts, clock),
  };
}

export type MailBroadcasts = ReturnType<typeof createMailBroadcasts>;

/** The broadcasts' job: each chunk's emails written (their delivery is `mail.deliver-email`, `mailJobRoutes`). */
export const mailBroadcastJobRoutes = (broadcasts: MailBroadcasts): JobRoute[] => [jobRoute(DISPATCH_BROADCAST_JOB, (payload) => broadcasts.dispatchBroadcast.execute(payload))];
