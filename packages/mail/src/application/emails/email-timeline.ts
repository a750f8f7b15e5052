import { atomically, groupBy, ok, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import { Email, type EmailEvent } from '../../domain/emails/email.aggregate.ts';
import type { EmailEvents, MailEventWebhooks } from '../webhooks/mail-event-webhooks.ts';
import type { EmailRepository } from './email.repository.port.ts';

/** New entries of one email's timeline, and the relay's acceptance when the entries are its answer. */
export interface TimelineEntries {
  readonly emailId: string;
  readonly events: readonly EmailEvent[];
  readonly accepted?: { readonly messageId: string; readonly at: Date };
}

/**
 * Adds events to emails' timelines and moves their statuses along, in one unit of work with their
 * rows locked (a message's recipients report at once), with the webhook deliveries of the new
 * entries. An event already recorded (a retried job, the outbox repeating the transport's `sent`)
 * changes nothing and is not published again. Many emails' entries (the delivery jobs' answers of a
 * moment) take the same few statements as one's.
 */
export class EmailTimeline {
  constructor(
    private readonly emails: EmailRepository,
    private readonly webhooks: MailEventWebhooks,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  record(emailId: string, events: readonly EmailEvent[], accepted?: { messageId: string; at: Date }): ResultAsync<void, never> {
    return this.recordMany([{ emailId, events, ...(accepted ? { accepted } : {}) }]);
  }

  recordMany(entries: readonly TimelineEntries[]): ResultAsync<void, never> {
    return atomically(this.unitOfWork, async () => {
      const locked = await this.emails.lock(entries.map((entry) => entry.emailId));
      const emails = new Map(locked.map((snapshot) => [snapshot.id, Email.rehydrate(snapshot)]));
      const recorded = entries.filter((entry) => emails.has(entry.emailId));
      for (const { emailId, accepted } of recorded) if (accepted) emails.get(emailId)!.accepted(accepted.messageId, accepted.at);
      const added = await this.emails.addEvents(recorded.flatMap((entry) => entry.events));
      for (const event of added) emails.get(event.emailId)!.apply(event);
      const snapshots = [...emails.values()].map((email) => email.toSnapshot());
      await this.emails.save(snapshots);
      const addedOf = groupBy(added, (event) => event.emailId);
      await this.webhooks.publish(snapshots.map((email) => ({ email, events: addedOf.get(email.id) ?? [] })));
      return ok(undefined);
    });
  }

  /** The webhook deliveries of entries the caller wrote with the emails themselves (sends' dropped recipients), in its unit of work. */
  published(emails: readonly EmailEvents[]): Promise<void> {
    return this.webhooks.publish(emails);
  }
}
