import type { AccountRepository } from '@tuma/accounts';
import { errAsync, notFound, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { RateLimitPolicy } from '../domain/rate-limit-policy.value-object.ts';
import type { AccountRateLimit } from './account-rate-limit.ts';
import type { RateLimitOverrideRepository } from './rate-limit-override.repository.port.ts';

/** The rate limit an account's keys are held to: the operator's override, or the default. */
export class GetAccountRateLimit {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly overrides: RateLimitOverrideRepository,
    private readonly defaultPolicy: RateLimitPolicy,
  ) {}

  execute(input: { accountId: string }): ResultAsync<AccountRateLimit, NotFoundError> {
    return ResultAsync.fromSafePromise(this.accounts.findById(input.accountId)).andThen((account) => {
      if (!account) return errAsync(notFound('account', input.accountId));
      return ResultAsync.fromSafePromise(
        this.overrides.find(input.accountId).then(
          (policy: RateLimitPolicy | undefined): AccountRateLimit => ({ accountId: input.accountId, policy: policy ?? this.defaultPolicy, isDefault: policy === undefined }),
        ),
      );
    });
  }
}
