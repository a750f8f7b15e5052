import { atomically, errAsync, fieldError, newId, ok, ResultAsync, type Clock, type CurrencyCode, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { parseTopUpAmount } from '../domain/top-up-amount.ts';
import {
  liveKeyRequired,
  paymentsNotConfigured,
  type LiveKeyRequiredError,
  type PaymentProviderError,
  type PaymentsNotConfiguredError,
} from '../domain/top-up-errors.ts';
import { TopUp } from '../domain/top-up.aggregate.ts';
import type { PaymentProvider } from './payment-provider.port.ts';
import type { TopUpRepository } from './top-up.repository.port.ts';

export interface StartTopUpInput {
  readonly accountId: string;
  readonly accountEmail: string | null;
  /** The caller's key environment: only live keys top up. */
  readonly environment: 'live' | 'test';
  readonly walletCurrency: CurrencyCode;
  /** A decimal string (exact) or a JSON number. */
  readonly amount: string | number;
  /** Optional; must be the wallet currency when given. */
  readonly currency?: string | undefined;
}

export type StartTopUpError = ValidationError | PaymentProviderError | PaymentsNotConfiguredError | LiveKeyRequiredError;

/** Where the payer comes back to from the provider's checkout (a page of ours). */
export interface TopUpReturnUrls {
  readonly successUrl: string;
  readonly cancelUrl: string;
}

/**
 * Starts a top-up of the caller's wallet: checks the amount (wallet currency, limits, what the
 * provider can charge), opens a checkout session at the provider and records the pending top-up.
 * The provider is called before anything is stored, outside any transaction: a provider failure
 * leaves nothing behind, and no database transaction waits on the network. Without a provider
 * (none configured) and for test keys nothing is started at all.
 */
export class StartTopUp {
  constructor(
    private readonly topUps: TopUpRepository,
    private readonly provider: PaymentProvider | undefined,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly returnUrls: (topUpId: string) => TopUpReturnUrls,
  ) {}

  execute(input: StartTopUpInput): ResultAsync<TopUp, StartTopUpError> {
    if (input.environment !== 'live') return errAsync(liveKeyRequired());
    const provider = this.provider;
    if (!provider) return errAsync(paymentsNotConfigured());
    const amount = parseTopUpAmount({ amount: input.amount, currency: input.currency, walletCurrency: input.walletCurrency });
    if (amount.isErr()) return errAsync(amount.error);
    const problem = provider.amountProblem(amount.value);
    if (problem) return errAsync(fieldError('amount', problem));
    const now = this.clock.now();
    const id = newId('top', now);
    const checkout = { id, accountId: input.accountId, amount: amount.value, customerEmail: input.accountEmail };
    return provider.createCheckout({ topUp: checkout, ...this.returnUrls(id) }).andThen((session) => {
      const topUp = TopUp.open(
        { ...checkout, provider: provider.name, providerSessionId: session.sessionId, checkoutUrl: session.checkoutUrl },
        now,
      );
      return atomically(this.unitOfWork, async () => {
        await this.topUps.save(topUp);
        return ok(topUp);
      });
    });
  }
}
