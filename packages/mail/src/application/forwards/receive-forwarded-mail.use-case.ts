import { newId, ResultAsync, type Clock, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { returnPathHost } from '../../domain/domains/dns-records.ts';
import type { MailDomainSnapshot } from '../../domain/domains/mail-domain.aggregate.ts';
import type { ForwardAttempt } from '../../domain/forwards/forward-attempt.ts';
import type { Forward } from '../../domain/forwards/forward.ts';
import { forwardedRaw, forwardLoop, type ReceivedMail } from '../../domain/forwards/received-mail.ts';
import { isSrsAddress, srsDecode, srsEncode } from '../../domain/forwards/srs.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import { FORWARD_MESSAGE_JOB } from './forward-message.job.ts';
import type { ForwardRepository } from './forward.repository.port.ts';
import { forwardOf } from './forward-of.ts';

/** An address of ours the inbound server takes mail to: one a forward takes, or an SRS address of forwarded mail (its bounce). */
export type ForwardTarget =
  | { readonly kind: 'forward'; readonly recipient: string; readonly forward: Forward }
  | { readonly kind: 'bounce'; readonly recipient: string; readonly domain: MailDomainSnapshot; readonly sender: string };

/** The return-path host's label and dot (`bounces.`): SRS addresses are at a verified domain's return-path host. */
const BOUNCES = returnPathHost('');

/**
 * Mail to a verified domain's forwarded addresses (docs/mail.md, "Forwards"), on the inbound SMTP
 * server: `target` tells which recipients are taken (550 for the others, before the data); `receive`
 * stores what each will re-send, with its job, in one unit of work, before the server answers 250.
 * A loop is stopped there and logged (`loop`). Bounces to our SRS addresses (at a verified domain's
 * `bounces.` host) are relayed back to the original sender, from the null sender.
 */
export class ReceiveForwardedMail {
  constructor(
    private readonly forwards: ForwardRepository,
    private readonly domains: MailDomainRepository,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly srsKey: () => Uint8Array,
    private readonly clock: Clock,
  ) {}

  /** What mail to `address` would be: forwarded, relayed back as a bounce, or not ours (undefined). */
  async target(address: string): Promise<ForwardTarget | undefined> {
    const at = address.lastIndexOf('@');
    if (at <= 0) return undefined;
    const [local, host] = [address.slice(0, at), address.slice(at + 1).toLowerCase()];
    if (host.startsWith(BOUNCES) && isSrsAddress(local)) {
      const domain = await this.domains.findVerified(host.slice(BOUNCES.length));
      const sender = await srsDecode(address, this.srsKey(), this.clock.now());
      return domain && sender.isOk() ? { kind: 'bounce', recipient: address, domain, sender: sender.value } : undefined;
    }
    const forward = await forwardOf(this.domains, this.forwards, address);
    return forward && { kind: 'forward', recipient: address, forward };
  }

  /** Stores an attempt per target (a loop settled at once) and the jobs that re-send them, together: the count of jobs. */
  async receive(targets: readonly ForwardTarget[], mail: ReceivedMail): Promise<number> {
    if (targets.length === 0) return 0;
    const now = this.clock.now();
    const attempts = await Promise.all(targets.map((target) => this.attempt(target, mail, now)));
    return this.unitOfWork
      .run(() =>
        ResultAsync.fromSafePromise(
          (async () => {
            for (const attempt of attempts) {
              await this.forwards.addAttempt(attempt);
              if (attempt.outcome === 'pending') await this.jobs.enqueue(FORWARD_MESSAGE_JOB, { attemptId: attempt.id }, { group: attempt.accountId });
            }
            return attempts.filter((attempt) => attempt.outcome === 'pending').length;
          })(),
        ),
      )
      .match(
        (count) => count,
        (never: never) => never,
      );
  }

  private async attempt(target: ForwardTarget, mail: ReceivedMail, now: Date): Promise<ForwardAttempt> {
    const id = newId('fwl', now);
    const common = { id, recipient: target.recipient, envelopeFrom: mail.envelopeFrom, originalFrom: mail.from, messageId: mail.messageId, subject: mail.subject, receivedAt: now };
    if (target.kind === 'bounce') {
      // A bounce goes back from the null sender, as every bounce does: nothing can bounce it again.
      const raw = forwardedRaw(mail, { attemptId: id, forwardId: null, recipient: target.recipient, to: target.sender, at: now });
      return { ...common, accountId: target.domain.accountId, forwardId: null, domainId: target.domain.id, to: target.sender, returnPath: '', outcome: 'pending', error: null, settledAt: null, raw };
    }
    const { forward } = target;
    const base = { ...common, accountId: forward.accountId, forwardId: forward.id, domainId: forward.domainId, to: forward.to };
    const loop = forwardLoop(mail, forward.id);
    if (loop !== null) return { ...base, returnPath: '', outcome: 'loop', error: loop, settledAt: now, raw: null };
    const returnPath = await srsEncode(mail.envelopeFrom, returnPathHost(forward.domainName), this.srsKey(), now);
    const raw = forwardedRaw(mail, { attemptId: id, forwardId: forward.id, recipient: target.recipient, to: forward.to, at: now });
    return { ...base, returnPath, outcome: 'pending', error: null, settledAt: null, raw };
  }
}
