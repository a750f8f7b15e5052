import { errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { Verification } from '../../domain/verifications/verification.aggregate.ts';
import type { VerificationQuery, VerificationRepository, VerificationScope } from './verification.repository.port.ts';
import { stateOf, type VerificationState } from './verification-state.ts';

export interface VerificationStatePage {
  readonly items: readonly VerificationState[];
  readonly total: number;
}

/** `GET /v1/verify/{id}` and `GET /v1/verify`: the caller's verifications in its environment, as of now. */
export class ReadVerifications {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
  ) {}

  get(scope: VerificationScope, id: string): ResultAsync<VerificationState, NotFoundError> {
    return ResultAsync.fromSafePromise(this.verifications.find(scope, id)).andThen((snapshot) =>
      snapshot ? okAsync(stateOf(Verification.rehydrate(snapshot), this.clock.now())) : errAsync(notFound('Verification', id)),
    );
  }

  list(query: Omit<VerificationQuery, 'now'>): ResultAsync<VerificationStatePage, never> {
    const now = this.clock.now();
    return ResultAsync.fromSafePromise(this.verifications.list({ ...query, now })).map((page) => ({
      items: page.items.map((snapshot) => stateOf(Verification.rehydrate(snapshot), now)),
      total: page.total,
    }));
  }
}
