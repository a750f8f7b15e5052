import { err, ok, ResultAsync, type Clock, type DomainError, type JobContext, type Result } from '@tuma/kernel';
import type { ForwardOutcome } from '../../domain/forwards/forward-attempt.ts';
import type { DkimKeys } from '../domains/dkim-keys.port.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import type { MailTransport } from '../sending/mail-transport.port.ts';
import { FORWARD_MESSAGE_JOB } from './forward-message.job.ts';
import type { ForwardRepository } from './forward.repository.port.ts';

/** A temporary refusal before the job's last attempt: the log entry stays pending, and the attempt fails so that the job is retried. */
export interface ForwardDeferredError extends DomainError {
  readonly type: 'forward_deferred';
  readonly attemptId: string;
  /** The next hop's reply. */
  readonly reason: string;
}

const deferred = (attemptId: string, reason: string): ForwardDeferredError => ({ type: 'forward_deferred', attemptId, reason, message: `Forward ${attemptId} deferred: ${reason}` });

/**
 * The forward job (docs/mail.md, "Forwards"): re-sends a stored message through the transport,
 * DKIM-signed with the domain's key, from its SRS return path, and settles its log entry:
 * `delivered` when the next hop took it, `failed` with its reply otherwise. A temporary refusal
 * is a `forward_deferred` Err, which fails the job's attempt (`jobRoute`), so the job is retried,
 * until its last attempt, which records `failed`. At least once: an attempt settled already is
 * skipped.
 */
export class RelayForwardedMail {
  constructor(
    private readonly forwards: ForwardRepository,
    private readonly domains: MailDomainRepository,
    private readonly dkimKeys: DkimKeys,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
  ) {}

  execute(payload: { readonly attemptId: string }, context: JobContext): ResultAsync<void, ForwardDeferredError> {
    return new ResultAsync(this.relay(payload, context));
  }

  private async relay(payload: { readonly attemptId: string }, context: JobContext): Promise<Result<void, ForwardDeferredError>> {
    const attempt = await this.forwards.findAttempt(payload.attemptId);
    // Settled on an earlier run, or its forward was deleted (its log with it).
    if (!attempt || attempt.outcome !== 'pending' || attempt.raw === null) return ok(undefined);
    const domain = await this.domains.find(attempt.accountId, attempt.domainId);
    if (!domain) return ok(await this.settle(attempt.id, 'failed', 'The domain was deleted before the message left'));
    const result = await this.transport.relay({
      id: attempt.id,
      raw: attempt.raw,
      envelopeFrom: attempt.returnPath,
      to: attempt.to,
      dkim: { domainName: domain.name, selector: domain.dkimSelector, privateKey: this.dkimKeys.open(domain.dkimPrivateKeySealed, domain.id) },
      from: attempt.originalFrom,
      subject: attempt.subject,
    });
    if (result.kind === 'refused') {
      const lastAttempt = context.retryCount >= FORWARD_MESSAGE_JOB.retryLimit;
      if (result.permanence === 'temporary' && !lastAttempt) return err(deferred(attempt.id, result.reason));
      return ok(await this.settle(attempt.id, 'failed', result.reason));
    }
    if (result.refusedRecipients.length > 0) return ok(await this.settle(attempt.id, 'failed', 'Refused by the receiving server'));
    return ok(await this.settle(attempt.id, 'delivered', null));
  }

  private async settle(id: string, outcome: Exclude<ForwardOutcome, 'pending'>, error: string | null): Promise<void> {
    await this.forwards.settleAttempt(id, outcome, error, this.clock.now());
  }
}
