import { IdempotentEffects, type IdempotencyKeyStore } from '@tuma/idempotency';
import { jobRoute, type Clock, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { MailPlans } from './application/billing/mail-plans.port.ts';
import type { MailUsage } from './application/billing/mail-usage.port.ts';
import type { BroadcastRepository } from './application/broadcasts/broadcast.repository.port.ts';
import { CancelBroadcast } from './application/broadcasts/cancel-broadcast.use-case.ts';
import { DISPATCH_BROADCAST_JOB } from './application/broadcasts/dispatch-broadcast.job.ts';
import { GetBroadcast } from './application/broadcasts/get-broadcast.use-case.ts';
import { ListBroadcasts } from './application/broadcasts/list-broadcasts.use-case.ts';
import { DispatchBroadcast } from './application/broadcasts/dispatch-broadcast.use-case.ts';
import { SendBroadcast } from './application/broadcasts/send-broadcast.use-case.ts';
import { Unsubscribe } from './application/broadcasts/unsubscribe.use-case.ts';
import { UnsubscribeTokens } from './application/broadcasts/unsubscribe-tokens.ts';
import type { MailContactRepository } from './application/contacts/mail-contact.repository.port.ts';
import { AddMailContact } from './application/contacts/add-mail-contact.use-case.ts';
import { AddMailContacts } from './application/contacts/add-mail-contacts.use-case.ts';
import { CreateMailContactList } from './application/contacts/create-mail-contact-list.use-case.ts';
import { DeleteMailContact } from './application/contacts/delete-mail-contact.use-case.ts';
import { DeleteMailContactList } from './application/contacts/delete-mail-contact-list.use-case.ts';
import { GetMailContact } from './application/contacts/get-mail-contact.use-case.ts';
import { GetMailContactList } from './application/contacts/get-mail-contact-list.use-case.ts';
import { ImportMailContacts } from './application/contacts/import-mail-contacts.use-case.ts';
import { ListMailContactLists } from './application/contacts/list-mail-contact-lists.use-case.ts';
import { ListMailContacts } from './application/contacts/list-mail-contacts.use-case.ts';
import { MailContactWriter } from './application/contacts/mail-contact-writer.ts';
import { RenameMailContactList } from './application/contacts/rename-mail-contact-list.use-case.ts';
import { UpdateMailContact } from './application/contacts/update-mail-contact.use-case.ts';
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
  const contacts = ports.contacts;
  const writer = new MailContactWriter(contacts, unitOfWork, clock);
  return {
    createMailContactList: new CreateMailContactList(contacts, clock),
    listMailContactLists: new ListMailContactLists(contacts),
    getMailContactList: new GetMailContactList(contacts),
    renameMailContactList: new RenameMailContactList(contacts, clock),
    deleteMailContactList: new DeleteMailContactList(contacts),
    addMailContacts: new AddMailContacts(writer),
    addMailContact: new AddMailContact(contacts, writer),
    importMailContacts: new ImportMailContacts(contacts, writer),
    listMailContacts: new ListMailContacts(contacts),
    getMailContact: new GetMailContact(contacts),
    updateMailContact: new UpdateMailContact(contacts, clock),
    deleteMailContact: new DeleteMailContact(contacts, clock),
    sendBroadcast: new SendBroadcast(ports.contacts, ports.broadcasts, ports.domains, ports.senderAddresses, ports.plans, ports.usage, jobs, unitOfWork, new IdempotentEffects(ports.idempotencyKeys, clock), clock),
    dispatchBroadcast: new DispatchBroadcast(ports.broadcasts, ports.emails, tokens, jobs, unitOfWork, clock),
    getBroadcast: new GetBroadcast(ports.broadcasts, clock),
    listBroadcasts: new ListBroadcasts(ports.broadcasts, clock),
    cancelBroadcast: new CancelBroadcast(ports.broadcasts, clock),
    unsubscribe: new Unsubscribe(tokens, ports.contacts, clock),
  };
}

export type MailBroadcasts = ReturnType<typeof createMailBroadcasts>;

/** The broadcasts' job: each chunk's emails written (their delivery is `mail.deliver-email`, `mailJobRoutes`). */
export const mailBroadcastJobRoutes = (broadcasts: MailBroadcasts): JobRoute[] => [jobRoute(DISPATCH_BROADCAST_JOB, (payload) => broadcasts.dispatchBroadcast.execute(payload))];
