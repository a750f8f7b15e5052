import { atomically, newId, ok, type Clock, type JobScheduler, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import type { BroadcastRecipient, BroadcastSnapshot } from '../../domain/broadcasts/broadcast.ts';
import { renderTemplate, type TemplateValues } from '../../domain/broadcasts/broadcast-template.ts';
import { checkEmailContent } from '../../domain/emails/email-content.ts';
import { Email, type EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import { DELIVER_EMAIL_JOB } from '../emails/deliver-email.job.ts';
import type { EmailRepository, NewEmail } from '../emails/email.repository.port.ts';
import type { BroadcastRepository } from './broadcast.repository.port.ts';
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts';

/** Every message of a broadcast carries these (RFC 2369, RFC 8058): mail clients show an unsubscribe button that POSTs to the link. */
export const LIST_UNSUBSCRIBE_POST = 'List-Unsubscribe=One-Click';

const MAX_SUBJECT = 998;
const displayName = (recipient: BroadcastRecipient): string | undefined => [recipient.firstName, recipient.lastName].filter(Boolean).join(' ') || undefined;

/**
 * The dispatch job of one chunk of a broadcast (`DISPATCH_BROADCAST_JOB`): in one unit of work it
 * claims the chunk's pending recipients (`BroadcastRepository.claim`), writes one email each with
 * its placeholders filled and its unsubscribe headers, names the emails on the recipients and
 * queues their `mail.deliver-email` jobs. From there each email is exactly an email of `POST
 * /v1/emails`: the suppression list checked again, tracking, DKIM, events, webhooks. A cancelled
 * broadcast has no pending recipients left, so a late job writes nothing.
 */
export class DispatchBroadcast {
  constructor(
    private readonly broadcasts: BroadcastRepository,
    private readonly emails: EmailRepository,
    private readonly tokens: UnsubscribeTokens,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(payload: { readonly broadcastId: string; readonly from: number; readonly to: number }): ResultAsync<void, never> {
    return atomically(this.unitOfWork, async () => {
      const broadcast = await this.broadcasts.findById(payload.broadcastId);
      if (!broadcast || broadcast.cancelledAt) return ok(undefined);
      const claimed = await this.broadcasts.claim(broadcast.id, payload.from, payload.to);
      if (claimed.length === 0) return ok(undefined);
      const now = this.clock.now();
      const emails = claimed.map((recipient): NewEmail => {
        const email = this.compose(broadcast, recipient, now);
        return { email, first: { emailId: email.id, type: email.status, recipient: null, at: now, reason: null } };
      });
      await this.emails.add(emails);
      const written = claimed.map((recipient, index) => ({ seq: recipient.seq, emailId: emails[index]!.email.id }));
      await this.broadcasts.linkEmails(broadcast.id, written);
      await this.jobs.enqueueMany(DELIVER_EMAIL_JOB, written.map(({ emailId }) => ({ payload: { emailId }, options: { group: broadcast.accountId } })));
      return ok(undefined);
    });
  }

  private compose(broadcast: BroadcastSnapshot, recipient: BroadcastRecipient, now: Date): EmailSnapshot {
    const unsubscribeUrl = this.tokens.url({ contactId: recipient.contactId, broadcastId: broadcast.id });
    const values: TemplateValues = { email: recipient.email, firstName: recipient.firstName, lastName: recipient.lastName, data: recipient.data, unsubscribeUrl };
    const name = displayName(recipient);
    const content = checkEmailContent({
      from: broadcast.from.address,
      to: [recipient.email],
      // Never blank: the broadcast's subject was refused unless it reads as text with nothing filled in.
      subject: renderTemplate(broadcast.subject, values, 'line').slice(0, MAX_SUBJECT),
      html: broadcast.html === null ? undefined : renderTemplate(broadcast.html, values, 'html'),
      text: broadcast.text === null ? undefined : renderTemplate(broadcast.text, values, 'text'),
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': LIST_UNSUBSCRIBE_POST },
    });
    // The broadcast's fields were checked when it was accepted and each address when it was added: a failure here is a bug.
    if (content.isErr()) throw new Error(`Broadcast ${broadcast.id}, recipient ${recipient.seq}: ${JSON.stringify(content.error.details)}`);
    const { to, html, text, headers, subject } = content.value;
    return Email.compose(
      {
        id: newId('em', now),
        accountId: broadcast.accountId,
        domainId: broadcast.domainId,
        from: broadcast.from,
        to: to.map((address) => (name ? { address: address.address, name } : address)),
        cc: [],
        bcc: [],
        replyTo: broadcast.replyTo,
        subject,
        html,
        text,
        headers,
        attachments: [],
        tags: [...broadcast.tags, { name: 'broadcast', value: broadcast.id }],
        scheduledAt: null,
        createdAt: now,
      },
      now,
    ).toSnapshot();
  }
}
