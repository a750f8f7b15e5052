import { atomically, ok, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import { Email, type EmailEvent, type EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import type { MailEventWebhooks } from '../webhooks/mail-event-webhooks.ts';
import type { EmailRepository } from './email.repository.port.ts';

/**
 * Adds events to an email's timeline and moves its status along, in one unit of work with its row
 * locked (a message's recipients report at once), with the webhook deliveries of the new entries.
 * An event already recorded (a retried job, the outbox repeating the transport's `sent`) changes
 * nothing and is not published again.
 */
export class EmailTimeline {
  constructor(
    private readonly emails: EmailRepository,
    private readonly webhooks: MailEventWebhooks,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  record(emailId: string, events: readonly EmailEvent[], accepted?: { messageId: string; at: Date }): ResultAsync<void, never> {
    return atomically(this.unitOfWork, async () => {
      const snapshot = await this.emails.lock(emailId);
      if (!snapshot) return ok(undefined);
      const email = Email.rehydrate(snapshot);
      if (accepted) email.accepted(accepted.messageId, accepted.at);
      const added = await this.emails.addEvents(events);
      for (const event of added) email.apply(event);
      await this.emails.save(email.toSnapshot());
      await this.webhooks.publish(email.toSnapshot(), added);
      return ok(undefined);
    });
  }

  /** The webhook deliveries of entries the caller wrote with the email itself (a send's dropped recipients), in its unit of work. */
  published(email: EmailSnapshot, events: readonly EmailEvent[]): Promise<void> {
    return this.webhooks.publish(email, events);
  }
}
