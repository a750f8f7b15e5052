import { atomically, ok, ResultAsync, type Clock, type Result, type UnitOfWork } from '@tuma/kernel';
import type { PaymentProviderName, TopUp } from '../domain/top-up.aggregate.ts';
import type { TopUpRepository } from './top-up.repository.port.ts';

export type CloseTopUpInput =
  | { readonly provider: PaymentProviderName; readonly sessionId: string; readonly as: 'expired' }
  | { readonly provider: PaymentProviderName; readonly sessionId: string; readonly as: 'failed'; readonly reason: string };

/** `expired` / `failed`: the pending top-up was closed now. `unchanged`: it was not pending. */
export type CloseTopUpResult =
  | { readonly outcome: 'expired' | 'failed' | 'unchanged'; readonly topUp: TopUp }
  | { readonly outcome: 'unknown_session' };

/**
 * Closes a pending top-up whose checkout ended unpaid: the session expired, the payer cancelled
 * (hosted checkout) or the provider reports the payment failed. A completed top-up stays completed.
 */
export class CloseTopUp {
  constructor(
    private readonly topUps: TopUpRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: CloseTopUpInput): ResultAsync<CloseTopUpResult, never> {
    return atomically(this.unitOfWork, async (): Promise<Result<CloseTopUpResult, never>> => {
      const topUp = await this.topUps.findBySession(input.provider, input.sessionId, { forUpdate: true });
      if (!topUp) return ok({ outcome: 'unknown_session' });
      const now = this.clock.now();
      const changed = input.as === 'expired' ? topUp.expire(now) : topUp.fail(input.reason, now);
      if (!changed) return ok({ outcome: 'unchanged', topUp });
      await this.topUps.save(topUp);
      return ok({ outcome: input.as, topUp });
    });
  }
}
