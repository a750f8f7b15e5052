import { atomically, newId, ok, type UnitOfWork } from '@tuma/kernel';
import { isHardBounce, type SuppressionReason } from '../../domain/suppressions/suppression.ts';
import type { MailOutcome, MailOutcomes } from '../sending/mail-outcomes.port.ts';
import type { SuppressionList } from '../suppressions/suppression-list.port.ts';
import type { EmailRepository } from './email.repository.port.ts';
import type { EmailTimeline } from './email-timeline.ts';

/** The list an outcome puts its recipient on, if any: hard bounces and complaints (docs/mail.md, "Suppressions"). */
function suppressionReason(outcome: MailOutcome): SuppressionReason | undefined {
  if (outcome.event === 'complained') return 'complaint';
  if (outcome.event === 'bounced' && isHardBounce(outcome.reason)) return 'hard_bounce';
  return undefined;
}

/**
 * What delivery reports of an email (the outbox's simulated outcomes, later bounces and
 * complaints) do: the event goes into its timeline and, for a hard bounce or a complaint, the
 * recipient onto the account's suppression list, in one unit of work.
 */
export class RecordMailOutcome implements MailOutcomes {
  constructor(
    private readonly emails: EmailRepository,
    private readonly suppressions: SuppressionList,
    private readonly timeline: EmailTimeline,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async record(outcome: MailOutcome): Promise<void> {
    const { emailId, recipient, event, at, reason } = outcome;
    await atomically(this.unitOfWork, async () => {
      await this.timeline.record(emailId, [{ emailId, type: event, recipient, at, reason }]);
      const suppression = suppressionReason(outcome);
      const email = suppression && (await this.emails.findById(emailId));
      if (suppression && email) {
        await this.suppressions.add({ id: newId('sup', at), accountId: email.accountId, email: recipient.toLowerCase(), reason: suppression, emailId, detail: reason, createdAt: at });
      }
      return ok(undefined);
    });
  }
}
