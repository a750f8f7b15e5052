import type { MailOutcome, MailOutcomes } from '../sending/mail-outcomes.port.ts';
import type { EmailTimeline } from './email-timeline.ts';

/** What delivery reports of an email (the outbox's simulated outcomes, later bounces and complaints) goes into its timeline. */
export class RecordMailOutcome implements MailOutcomes {
  constructor(private readonly timeline: EmailTimeline) {}

  async record(outcome: MailOutcome): Promise<void> {
    const { emailId, recipient, event, at, reason } = outcome;
    await this.timeline.record(emailId, [{ emailId, type: event, recipient, at, reason }]);
  }
}
