import { atomically, ok, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import { Email, type EmailEvent } from '../../domain/emails/email.aggregate.ts';
import type { EmailRepository } from './email.repository.port.ts';

/**
 * Adds events to an email's timeline and moves its status along, in one unit of work with its row
 * locked (a message's recipients report at once). An event already recorded (a retried job, the
 * outbox repeating the transport's `sent`) changes nothing.
 */
export function recordEmailEvents(emails: EmailRepository, unitOfWork: UnitOfWork, emailId: string, events: readonly EmailEvent[], accepted?: { messageId: string; at: Date }): ResultAsync<void, never> {
  return atomically(unitOfWork, async () => {
    const snapshot = await emails.lock(emailId);
    if (!snapshot) return ok(undefined);
    const email = Email.rehydrate(snapshot);
    if (accepted) email.accepted(accepted.messageId, accepted.at);
    for (const event of await emails.addEvents(events)) email.apply(event);
    await emails.save(email.toSnapshot());
    return ok(undefined);
  });
}
