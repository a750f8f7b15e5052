import { errAsync, notFound, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { Email } from '../../domain/emails/email.aggregate.ts';
import type { EmailRepository } from '../emails/email.repository.port.ts';
import type { EmailTimeline } from '../emails/email-timeline.ts';
import type { TrackingClaim, TrackingTokens } from './tracking-tokens.ts';

/**
 * `GET /t/o/<token>` and `GET /t/c/<token>`: a signed token's open or click goes on its email's
 * timeline (`opened`, `clicked` with the link), and the claim is answered (a click redirects to its
 * URL). A token that does not verify is `not_found`. The recipient is the email's when it has one;
 * a message shared by several cannot tell which of them opened it (null). The timeline keeps one
 * event per type and recipient: the first open and the first click.
 */
export class RecordEngagement {
  constructor(
    private readonly tokens: TrackingTokens,
    private readonly emails: EmailRepository,
    private readonly timeline: EmailTimeline,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly kind: TrackingClaim['kind']; readonly token: string }): ResultAsync<TrackingClaim, NotFoundError> {
    const claim = this.tokens.read(input.kind, input.token);
    if (!claim) return errAsync(notFound('tracking_link', input.token.slice(0, 64)));
    return ResultAsync.fromSafePromise(this.record(claim)).map(() => claim);
  }

  private async record(claim: TrackingClaim): Promise<void> {
    const snapshot = await this.emails.findById(claim.emailId);
    if (!snapshot) return;
    const recipients = Email.rehydrate(snapshot).recipients;
    const event = {
      emailId: snapshot.id,
      type: claim.kind === 'open' ? ('opened' as const) : ('clicked' as const),
      recipient: recipients.length === 1 ? recipients[0]! : null,
      at: this.clock.now(),
      reason: claim.kind === 'click' ? claim.url : null,
    };
    await this.timeline.record(snapshot.id, [event]);
  }
}
