import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { PaymentProviderName, TopUp } from '../domain/top-up.aggregate.ts';
import type { TopUpRepository } from './top-up.repository.port.ts';

/** The top-up behind a provider's checkout session (the hosted checkout page shows it). */
export class GetCheckout {
  constructor(private readonly topUps: TopUpRepository) {}

  execute(provider: PaymentProviderName, sessionId: string): ResultAsync<TopUp, NotFoundError> {
    return ResultAsync.fromSafePromise(this.topUps.findBySession(provider, sessionId)).andThen((topUp) =>
      topUp ? okAsync(topUp) : errAsync(notFound('checkout', sessionId)),
    );
  }
}
