import { err, GroupCommit, notFound, ok, ResultAsync, transact, type Clock, type GroupCommitOptions, type NotFoundError, type Result, type UnitOfWork } from '@tuma/kernel';
import { Verification } from '../../domain/verifications/verification.aggregate.ts';
import type { CodeHasher } from './code-hasher.ts';
import type { ScopedId, VerificationRepository, VerificationScope } from './verification.repository.port.ts';
import { stateOf, type VerificationState } from './verification-state.ts';

/** Test keys' fixed code: it always passes their checks, and never a live key's. */
export const SANDBOX_FIXED_CODE = '000000';

/** Most checks decided in one unit of work. */
const CHECK_BATCH_MAX = 64;

export interface CheckedVerification extends VerificationState {
  readonly valid: boolean;
}

interface CheckRequest extends ScopedId {
  readonly code: string;
}

/**
 * `POST /v1/verify/check`: whether `code` is the verification's latest one. The row is locked for
 * the check, so two checks at once take turns: one right code approves once, and wrong ones use
 * up the attempts exactly (docs/verify.md, "States"). Checks that arrive together are decided in
 * one unit of work (group commit: their rows locked in one statement, the changed ones written in
 * one), each in arrival order, so two checks of one verification in a batch take turns there too.
 */
export class CheckVerification {
  private readonly checks: GroupCommit<CheckRequest, Result<CheckedVerification, NotFoundError>>;

  constructor(
    private readonly verifications: VerificationRepository,
    private readonly hasher: CodeHasher,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    groupCommit: Omit<GroupCommitOptions, 'maxBatch'> = {},
  ) {
    this.checks = new GroupCommit((batch) => this.decide(batch), { maxBatch: CHECK_BATCH_MAX, ...groupCommit });
  }

  execute(scope: VerificationScope, id: string, code: string): ResultAsync<CheckedVerification, NotFoundError> {
    return new ResultAsync(this.checks.submit({ scope, id, code }));
  }

  private decide(batch: readonly CheckRequest[]): Promise<Result<CheckedVerification, NotFoundError>[]> {
    return transact(this.unitOfWork, async () => {
      const locked = await this.verifications.lockAll(batch);
      const verifications = new Map(locked.map((snapshot) => [`${snapshot.accountId} ${snapshot.environment} ${snapshot.id}`, Verification.rehydrate(snapshot)]));
      const changed = new Set<Verification>();
      const now = this.clock.now();
      const outcomes = batch.map(({ scope, id, code }): Result<CheckedVerification, NotFoundError> => {
        const verification = verifications.get(`${scope.accountId} ${scope.environment} ${id}`);
        if (!verification) return err(notFound('Verification', id));
        // The hash as of this check: an earlier one in the batch may have used the verification up.
        const codeHash = verification.toSnapshot().codeHash;
        const matches = scope.environment === 'test' && code === SANDBOX_FIXED_CODE ? true : codeHash !== null && this.hasher.matches(id, code, codeHash);
        const checked = verification.check(matches, now);
        if (checked.changed) changed.add(verification);
        return ok({ ...stateOf(verification, now), valid: checked.valid });
      });
      await this.verifications.save([...changed].map((verification) => verification.toSnapshot()));
      return outcomes;
    });
  }
}
