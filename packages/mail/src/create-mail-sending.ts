import { IdempotentEffects, type IdempotencyKeyStore } from '@tuma/idempotency';
import { jobRoute, type Clock, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { DkimKeys } from './application/domains/dkim-keys.port.ts';
import type { MailDomainRepository } from './application/domains/mail-domain.repository.port.ts';
import { CancelEmail } from './application/emails/cancel-email.use-case.ts';
import { DELIVER_EMAIL_JOB } from './application/emails/deliver-email.job.ts';
import { DeliverEmail } from './application/emails/deliver-email.use-case.ts';
import type { EmailRepository } from './application/emails/email.repository.port.ts';
import { GetEmail } from './application/emails/get-email.use-case.ts';
import { ListEmails } from './application/emails/list-emails.use-case.ts';
import { SendEmail } from './application/emails/send-email.use-case.ts';
import type { MailTransport } from './application/sending/mail-transport.port.ts';
import { ListSuppressions } from './application/suppressions/list-suppressions.use-case.ts';
import { RemoveSuppression } from './application/suppressions/remove-suppression.use-case.ts';
import type { SuppressionList } from './application/suppressions/suppression-list.port.ts';
import { EmailTracking, type TrackingSettings } from './application/tracking/email-tracking.ts';
import { RecordEngagement } from './application/tracking/record-engagement.use-case.ts';
import { TrackingTokens } from './application/tracking/tracking-tokens.ts';
import { SignedTokens } from './application/signing/signed-tokens.ts';

export interface MailSendingPorts {
  readonly clock: Clock;
  readonly unitOfWork: UnitOfWork;
  readonly jobs: JobScheduler;
  readonly idempotencyKeys: IdempotencyKeyStore;
  readonly domains: MailDomainRepository;
  readonly emails: EmailRepository;
  readonly suppressions: SuppressionList;
  readonly dkimKeys: DkimKeys;
  /** Its outcomes go to a `RecordMailOutcome` over the same emails. */
  readonly transport: MailTransport;
  /** Signs tracking links (the server's mail token key). */
  readonly tokenKey: () => Buffer;
  readonly tracking: TrackingSettings;
}

/** The mail API's emails (docs/mail.md, "Sending"): send, list, read, cancel, the delivery job, the suppression list sends respect, and opens and clicks. */
export function createMailSending(ports: MailSendingPorts) {
  const { clock, domains, emails, suppressions, dkimKeys, unitOfWork, jobs } = ports;
  const tokens = new TrackingTokens(new SignedTokens(ports.tokenKey));
  return {
    sendEmail: new SendEmail(emails, domains, suppressions, jobs, unitOfWork, new IdempotentEffects(ports.idempotencyKeys, clock), clock),
    listEmails: new ListEmails(emails),
    getEmail: new GetEmail(emails),
    cancelEmail: new CancelEmail(emails, unitOfWork, clock),
    deliverEmail: new DeliverEmail(emails, domains, suppressions, dkimKeys, ports.transport, new EmailTracking(tokens, ports.tracking), unitOfWork, clock),
    recordEngagement: new RecordEngagement(tokens, emails, unitOfWork, clock),
    listSuppressions: new ListSuppressions(suppressions),
    removeSuppression: new RemoveSuppression(suppressions),
  };
}

export type MailSending = ReturnType<typeof createMailSending>;

/** The jobs the mail API's workers run. */
export const mailJobRoutes = (sending: MailSending): JobRoute[] => [jobRoute(DELIVER_EMAIL_JOB, (payload, context) => sending.deliverEmail.execute(payload, context))];
