import type { Clock } from '@tuma/kernel';
import { returnPathHost, type MailDnsSettings } from '../../domain/domains/dns-records.ts';
import { Email } from '../../domain/emails/email.aggregate.ts';
import { reportedOutcomes } from '../../domain/reports/mail-reports.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import type { EmailRepository } from '../emails/email.repository.port.ts';
import type { MailOutcomes } from '../sending/mail-outcomes.port.ts';

/** The email a return path (VERP: `<email id>@bounces.<domain>`) names, when it is one of ours. */
export interface ReturnPathOwner {
  readonly emailId: string;
}

/**
 * Reports received at our return paths (the inbound SMTP server, docs/mail.md "Bounces and
 * complaints"): the address names the email (VERP), and the report's failed recipients become
 * `bounced`, its abuse feedback `complained`, through the same outcomes as the outbox's (timeline,
 * suppressions, webhooks). Only the email's own recipients count: a report cannot bounce or
 * suppress anyone else.
 */
export class ReceiveMailReport {
  constructor(
    private readonly emails: EmailRepository,
    private readonly domains: MailDomainRepository,
    private readonly outcomes: MailOutcomes,
    private readonly settings: MailDnsSettings,
    private readonly clock: Clock,
  ) {}

  /** Whether mail to `address` is taken: a return path of an email we sent. */
  async owner(address: string): Promise<ReturnPathOwner | undefined> {
    const [local, host] = address.toLowerCase().split('@') as [string, string | undefined];
    if (!host || !/^em_[0-9a-z]{26}$/.test(local)) return undefined;
    const emailId = `em_${local.slice(3).toUpperCase()}`;
    const email = await this.emails.findById(emailId);
    if (!email) return undefined;
    const domain = email.domainId === null ? undefined : await this.domains.find(email.accountId, email.domainId);
    const expected = domain ? returnPathHost(domain.name) : this.settings.bounceMx;
    return host === expected.toLowerCase() ? { emailId } : undefined;
  }

  /** Records what `raw` reports of the email's recipients: how many outcomes it held. */
  async receive(owner: ReturnPathOwner, raw: string): Promise<number> {
    const email = await this.emails.findById(owner.emailId);
    if (!email) return 0;
    const recipients = new Set(Email.rehydrate(email).recipients);
    const outcomes = reportedOutcomes(raw).filter((outcome) => recipients.has(outcome.recipient));
    const at = this.clock.now();
    for (const { recipient, event, reason } of outcomes) await this.outcomes.record({ emailId: owner.emailId, recipient, event, at, reason });
    return outcomes.length;
  }
}
