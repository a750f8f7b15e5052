import type { AccountRepository } from '@tuma/accounts';
import { err, notFound, ok, ResultAsync, type Clock, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { RateLimitPolicy } from '../domain/rate-limit-policy.value-object.ts';
import type { AccountRateLimit } from './account-rate-limit.ts';
import type { RateLimitOverrideRepository } from './rate-limit-override.repository.port.ts';

export type SetAccountRateLimitInput =
  | { readonly accountId: string; readonly perSecond: number; readonly burst?: number }
  | { readonly accountId: string; readonly useDefault: true };

export type SetAccountRateLimitError = NotFoundError | ValidationError;

/**
 * The operator sets an account's rate limit (every key of the account gets it) or puts it back
 * to the default. API processes pick the change up on their next refresh (within seconds).
 */
export class SetAccountRateLimit {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly overrides: RateLimitOverrideRepository,
    private readonly defaultPolicy: RateLimitPolicy,
    private readonly clock: Clock,
  ) {}

  execute(input: SetAccountRateLimitInput): ResultAsync<AccountRateLimit, SetAccountRateLimitError> {
    return ResultAsync.fromSafePromise(this.accounts.findById(input.accountId)).andThen((account) => {
      if (!account) return err(notFound('account', input.accountId));
      if ('useDefault' in input) return ok(undefined);
      return RateLimitPolicy.create(input);
    }).andThen((policy) =>
      ResultAsync.fromSafePromise(
        this.overrides.save(input.accountId, policy, this.clock.now()).then(
          (): AccountRateLimit => ({ accountId: input.accountId, policy: policy ?? this.defaultPolicy, isDefault: policy === undefined }),
        ),
      ),
    );
  }
}
