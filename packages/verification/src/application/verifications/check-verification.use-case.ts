import { atomically, err, notFound, ok, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import { Verification } from '../../domain/verifications/verification.aggregate.ts';
import type { CodeHasher } from './code-hasher.ts';
import type { VerificationRepository, VerificationScope } from './verification.repository.port.ts';
import { stateOf, type VerificationState } from './verification-state.ts';

/** Test keys' fixed code: it always passes their checks, and never a live key's. */
export const SANDBOX_FIXED_CODE = '000000';

export interface CheckedVerification extends VerificationState {
  readonly valid: boolean;
}

/**
 * `POST /v1/verify/check`: whether `code` is the verification's latest one. The row is locked for
 * the check, so two checks at once take turns: one right code approves once, and wrong ones use
 * up the attempts exactly (docs/verify.md, "States").
 */
export class CheckVerification {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly hasher: CodeHasher,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(scope: VerificationScope, id: string, code: string): ResultAsync<CheckedVerification, NotFoundError> {
    return atomically(this.unitOfWork, async () => {
      const snapshot = await this.verifications.lock(scope, id);
      if (!snapshot) return err(notFound('Verification', id));
      const verification = Verification.rehydrate(snapshot);
      const now = this.clock.now();
      const matches = scope.environment === 'test' && code === SANDBOX_FIXED_CODE ? true : snapshot.codeHash !== null && this.hasher.matches(id, code, snapshot.codeHash);
      const { valid, changed } = verification.check(matches, now);
      if (changed) await this.verifications.save(verification.toSnapshot());
      return ok({ ...stateOf(verification, now), valid });
    });
  }
}
