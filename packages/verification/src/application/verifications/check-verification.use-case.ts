import { err, GroupCommit, notFound, ok, ResultAsync, transact, type Clock, type GroupCommitOptions, type NotFoundError, type Result, type UnitOfWork } from '@tuma/kernel';
import { Verification, type VerificationSnapshot } from '../../domain/verifications/verification.aggregate.ts';
import type { CodeHasher } from './code-hasher.ts';
import type { ScopedId, VerificationChange, VerificationRepository, VerificationScope } from './verification.repository.port.ts';
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

/** Each check's outcome, and the verifications the checks changed (as read, and as they are now). */
interface Decided {
  readonly outcomes: Result<CheckedVerification, NotFoundError>[];
  readonly changed: VerificationChange[];
}

const keyOf = (scope: VerificationScope, id: string): string => `${scope.accountId} ${scope.environment} ${id}`;

/**
 * `POST /v1/verify/check`: whether `code` is the verification's latest one. Checks that arrive
 * together are decided together (group commit), each in arrival order, so two checks of one
 * verification in a batch take turns there. Their verifications are read without a lock and each
 * changed one is written only where its row is still as read (its status, checks and sends): one
 * statement each way, no transaction. A verification that changed meanwhile (a check in another
 * process, a resend) has its checks of the batch decided again under its row's lock, after that
 * change: one right code approves once, and wrong ones use up the attempts exactly (docs/verify.md,
 * "States").
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

  private async decide(batch: readonly CheckRequest[]): Promise<Result<CheckedVerification, NotFoundError>[]> {
    const first = this.decideOn(await this.verifications.findAll(batch), batch);
    const written = await this.verifications.saveIfUnchanged(first.changed);
    const raced = new Set(first.changed.filter(({ before }) => !written.has(before.id)).map(({ before }) => keyOf(before, before.id)));
    if (raced.size === 0) return first.outcomes;
    const again = batch.flatMap((request, index) => (raced.has(keyOf(request.scope, request.id)) ? [index] : []));
    const retried = await transact(this.unitOfWork, async () => {
      const requests = again.map((index) => batch[index]!);
      const decided = this.decideOn(await this.verifications.lockAll(requests), requests);
      await this.verifications.save(decided.changed.map(({ after }) => after));
      return decided.outcomes;
    });
    again.forEach((index, at) => (first.outcomes[index] = retried[at]!));
    return first.outcomes;
  }

  /** The checks of `batch`, in order, against the verifications found. */
  private decideOn(found: readonly VerificationSnapshot[], batch: readonly CheckRequest[]): Decided {
    const verifications = new Map(found.map((snapshot) => [keyOf(snapshot, snapshot.id), { before: snapshot, verification: Verification.rehydrate(snapshot) }]));
    const changed = new Set<string>();
    const now = this.clock.now();
    const outcomes = batch.map(({ scope, id, code }): Result<CheckedVerification, NotFoundError> => {
      const key = keyOf(scope, id);
      const verification = verifications.get(key)?.verification;
      if (!verification) return err(notFound('verification', id));
      // The hash as of this check: an earlier one in the batch may have used the verification up.
      const codeHash = verification.toSnapshot().codeHash;
      const matches = scope.environment === 'test' && code === SANDBOX_FIXED_CODE ? true : codeHash !== null && this.hasher.matches(id, code, codeHash);
      const checked = verification.check(matches, now);
      if (checked.changed) changed.add(key);
      return ok({ ...stateOf(verification, now), valid: checked.valid });
    });
    return { outcomes, changed: [...changed].map((key) => ({ before: verifications.get(key)!.before, after: verifications.get(key)!.verification.toSnapshot() })) };
  }
}
