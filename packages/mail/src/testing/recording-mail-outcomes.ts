import type { MailOutcome, MailOutcomes } from '../application/sending/mail-outcomes.port.ts';

/** Keeps every outcome, in order. */
export class RecordingMailOutcomes implements MailOutcomes {
  readonly recorded: MailOutcome[] = [];

  async record(outcome: MailOutcome): Promise<void> {
    this.recorded.push(outcome);
  }
}
