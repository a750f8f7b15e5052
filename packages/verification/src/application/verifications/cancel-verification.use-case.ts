import { atomically, err, notFound, ok, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import type { VerificationNotPendingError } from '../../domain/verifications/verification-errors.ts';
import { Verification } from '../../domain/verifications/verification.aggregate.ts';
import type { VerificationRepository, VerificationScope } from './verification.repository.port.ts';
import { stateOf, type VerificationState } from './verification-state.ts';

/** `POST /v1/verify/{id}/cancel`: a pending verification becomes `canceled`; its code stops working. */
export class CancelVerification {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(scope: VerificationScope, id: string): ResultAsync<VerificationState, NotFoundError | VerificationNotPendingError> {
    return atomically(this.unitOfWork, async () => {
      const snapshot = await this.verifications.lock(scope, id);
      if (!snapshot) return err(notFound('verification', id));
      const verification = Verification.rehydrate(snapshot);
      const now = this.clock.now();
      const canceled = verification.cancel(now);
      // An expiry found on the way is written down even when the cancel is refused.
      await this.verifications.save([verification.toSnapshot()]);
      return canceled.isErr() ? err(canceled.error) : ok(stateOf(verification, now));
    });
  }
}
