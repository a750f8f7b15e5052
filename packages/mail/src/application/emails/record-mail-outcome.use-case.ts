import type { UnitOfWork } from '@tuma/kernel';
import type { MailOutcome, MailOutcomes } from '../sending/mail-outcomes.port.ts';
import type { EmailRepository } from './email.repository.port.ts';
import { recordEmailEvents } from './record-email-event.ts';

/** What delivery reports of an email (the outbox's simulated outcomes, later bounces and complaints) goes into its timeline. */
export class RecordMailOutcome implements MailOutcomes {
  constructor(
    private readonly emails: EmailRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async record(outcome: MailOutcome): Promise<void> {
    const { emailId, recipient, event, at, reason } = outcome;
    await recordEmailEvents(this.emails, this.unitOfWork, emailId, [{ emailId, type: event, recipient, at, reason }]);
  }
}
