import type { Clock, JobContext } from '@tuma/kernel';
import type { ForwardOutcome } from '../../domain/forwards/forward-attempt.ts';
import type { DkimKeys } from '../domains/dkim-keys.port.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import type { MailTransport } from '../sending/mail-transport.port.ts';
import { FORWARD_MESSAGE_JOB } from './forward-message.job.ts';
import type { ForwardRepository } from './forward.repository.port.ts';

/**
 * The forward job (docs/mail.md, "Forwards"): re-sends a stored message through the transport,
 * DKIM-signed with the domain's key, from its SRS return path, and settles its log entry:
 * `delivered` when the next hop took it, `failed` with its reply otherwise. A temporary refusal
 * throws, so the job is retried, until its last attempt, which records `failed`. At least once:
 * an attempt settled already is skipped.
 */
export class RelayForwardedMail {
  constructor(
    private readonly forwards: ForwardRepository,
    private readonly domains: MailDomainRepository,
    private readonly dkimKeys: DkimKeys,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
  ) {}

  async execute(payload: { readonly attemptId: string }, context: JobContext): Promise<void> {
    const attempt = await this.forwards.findAttempt(payload.attemptId);
    // Settled on an earlier run, or its forward was deleted (its log with it).
    if (!attempt || attempt.outcome !== 'pending' || attempt.raw === null) return;
    const domain = await this.domains.find(attempt.accountId, attempt.domainId);
    if (!domain) return this.settle(attempt.id, 'failed', 'The domain was deleted before the message left');
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
      if (result.permanence === 'temporary' && !lastAttempt) throw new Error(`Forward ${attempt.id} deferred: ${result.reason}`);
      return this.settle(attempt.id, 'failed', result.reason);
    }
    if (result.refusedRecipients.length > 0) return this.settle(attempt.id, 'failed', 'Refused by the receiving server');
    return this.settle(attempt.id, 'delivered', null);
  }

  private async settle(id: string, outcome: Exclude<ForwardOutcome, 'pending'>, error: string | null): Promise<void> {
    await this.forwards.settleAttempt(id, outcome, error, this.clock.now());
  }
}
