import { okAsync, ResultAsync, type Clock, type Money, type UnitOfWork } from '@tuma/kernel';
import type { WalletError } from '../domain/wallet-errors.ts';
import type { PaymentProviderName, TopUp } from '../domain/top-up.aggregate.ts';
import type { TopUpFollowers } from './top-up-followers.port.ts';
import type { TopUpRepository } from './top-up.repository.port.ts';
import type { WalletLedger } from './wallet-ledger.ts';

export interface CompleteTopUpInput {
  readonly provider: PaymentProviderName;
  readonly sessionId: string;
  /** What the provider says was paid. */
  readonly amount: Money;
}

/**
 * `credited`: the wallet got the amount now. `duplicate`: it was credited before (a replay or a
 * second delivery). `amount_mismatch`: the paid amount differs; the top-up failed, nothing was
 * credited. `closed`: the top-up had failed before. `unknown_session`: no top-up of ours.
 */
export type CompleteTopUpResult =
  | { readonly outcome: 'credited' | 'duplicate' | 'amount_mismatch' | 'closed'; readonly topUp: TopUp }
  | { readonly outcome: 'unknown_session' };

export const TOP_UP_CREDIT_REASON = 'Wallet top-up';

/**
 * Completes a top-up from a verified "paid" notice: credits the wallet with reference
 * `topup:<id>` and marks the top-up completed in ONE unit of work, with the top-up row locked
 * so concurrent deliveries take turns. A second notice finds it completed and changes nothing;
 * should two ever race past that, the ledger applies the reference once. Once a credit committed,
 * the followers are told (a repeated notice tells nobody again).
 */
export class CompleteTopUp {
  constructor(
    private readonly topUps: TopUpRepository,
    private readonly wallets: Pick<WalletLedger, 'openWallet' | 'credit'>,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly followers: TopUpFollowers = { credited: async () => undefined },
  ) {}

  execute(input: CompleteTopUpInput): ResultAsync<CompleteTopUpResult, WalletError> {
    return this.complete(input).andThen((result) =>
      result.outcome === 'credited' ? ResultAsync.fromSafePromise(this.followers.credited(result.topUp.accountId)).map(() => result) : okAsync(result),
    );
  }

  private complete(input: CompleteTopUpInput): ResultAsync<CompleteTopUpResult, WalletError> {
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.topUps.findBySession(input.provider, input.sessionId, { forUpdate: true })).andThen(
        (topUp): ResultAsync<CompleteTopUpResult, WalletError> => {
          if (!topUp) return okAsync({ outcome: 'unknown_session' });
          const decision = topUp.recordPayment(input.amount, this.clock.now());
          if (decision === 'duplicate' || decision === 'closed') return okAsync({ outcome: decision, topUp });
          if (decision === 'mismatch') return this.save(topUp).map(() => ({ outcome: 'amount_mismatch' as const, topUp }));
          return this.credit(topUp)
            .andThen(() => this.save(topUp))
            .map(() => ({ outcome: 'credited' as const, topUp }));
        },
      ),
    );
  }

  private credit(topUp: TopUp) {
    return this.wallets.openWallet({ accountId: topUp.accountId, currency: topUp.amount.currency }).andThen(() =>
      this.wallets.credit({
        accountId: topUp.accountId,
        amount: topUp.amount,
        reason: TOP_UP_CREDIT_REASON,
        reference: topUp.ledgerReference,
        related: { type: 'top_up', id: topUp.id },
      }),
    );
  }

  private save(topUp: TopUp): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(this.topUps.save(topUp));
  }
}
