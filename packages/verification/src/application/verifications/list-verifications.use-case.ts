import { ResultAsync, type Clock } from '@tuma/kernel';
import { Verification } from '../../domain/verifications/verification.aggregate.ts';
import type { VerificationQuery, VerificationRepository } from './verification.repository.port.ts';
import { stateOf, type VerificationState } from './verification-state.ts';

export interface VerificationStatePage {
  readonly items: readonly VerificationState[];
  readonly total: number;
}

/** `GET /v1/verify`: the caller's verifications in its environment, filtered and paged, as of now. */
export class ListVerifications {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
  ) {}

  execute(query: Omit<VerificationQuery, 'now'>): ResultAsync<VerificationStatePage, never> {
    const now = this.clock.now();
    return ResultAsync.fromSafePromise(this.verifications.list({ ...query, now })).map((page) => ({
      items: page.items.map((snapshot) => stateOf(Verification.rehydrate(snapshot), now)),
      total: page.total,
    }));
  }
}
