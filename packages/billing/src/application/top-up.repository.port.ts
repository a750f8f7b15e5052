import type { PaymentProviderName, TopUp } from '../domain/top-up.aggregate.ts';

export interface TopUpRepository {
  /** Inserts or updates. */
  save(topUp: TopUp): Promise<void>;
  findById(id: string): Promise<TopUp | undefined>;
  /**
   * The top-up of a provider's checkout session. With `forUpdate` (inside a unit of work) the row
   * stays locked until the unit of work ends, so two deliveries of one webhook take turns.
   */
  findBySession(provider: PaymentProviderName, sessionId: string, options?: { readonly forUpdate?: boolean }): Promise<TopUp | undefined>;
}
