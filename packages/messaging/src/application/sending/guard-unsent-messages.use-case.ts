import type { IdempotentEffects } from '@tuma/idempotency';
import { ResultAsync, type UnitOfWork } from '@tuma/kernel';
import type { DispatchMessages } from './dispatch-messages.use-case.ts';
import type { DispatchReport } from './dispatch-report.ts';
import { guardedClaims, guardedMessages, type UnsentGuard } from './sending-jobs.ts';
import type { UnsentMessageFollowers } from './unsent-message-followers.port.ts';

/**
 * UNSENT_MESSAGE_GUARD_JOB: the messages of one commit that their senders were to submit and that
 * are still not recorded as submitted are failed and refunded; with them, in one unit of work, the
 * keys of their requests are freed (a retry of the request runs again rather than replaying a
 * success that no longer holds) and their followers are told (Verify fails their verifications).
 */
export class GuardUnsentMessages {
  constructor(
    private readonly dispatch: DispatchMessages,
    private readonly idempotentEffects: IdempotentEffects,
    private readonly followers: UnsentMessageFollowers,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(guard: UnsentGuard): ResultAsync<DispatchReport, never> {
    return this.unitOfWork.run(() => ResultAsync.fromSafePromise(this.guard(guard)));
  }

  private async guard(guard: UnsentGuard): Promise<DispatchReport> {
    const failed = new Set(await this.dispatch.failUnsent(guardedMessages(guard)));
    for (const { messageId, claim } of guardedClaims(guard)) if (failed.has(messageId)) await this.idempotentEffects.withdraw({ claim });
    if (failed.size > 0) await this.followers.unsent([...failed]);
    return { submitted: 0, accepted: 0, retried: 0, failed: failed.size };
  }
}
