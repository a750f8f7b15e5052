import { errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { Verification } from '../../domain/verifications/verification.aggregate.ts';
import type { VerificationRepository, VerificationScope } from './verification.repository.port.ts';
import { stateOf, type VerificationState } from './verification-state.ts';

/** `GET /v1/verify/{id}`: one of the caller's verifications in its environment, as of now. */
export class GetVerification {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly scope: VerificationScope; readonly id: string }): ResultAsync<VerificationState, NotFoundError> {
    return ResultAsync.fromSafePromise(this.verifications.find(input.scope, input.id)).andThen((snapshot) =>
      snapshot ? okAsync(stateOf(Verification.rehydrate(snapshot), this.clock.now())) : errAsync(notFound('verification', input.id)),
    );
  }
}
