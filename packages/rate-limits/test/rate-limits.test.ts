import { expect } from 'chai';
import { Account, Email } from '@tuma/accounts';
import { InMemoryAccountRepository } from '@tuma/accounts/testing';
import { currency, systemClock } from '@tuma/kernel';
import { createRateLimits, RateLimitPolicy, type RateLimitDecision, type RateLimiter } from '../src/index.ts';
import { InMemoryRateLimitOverrideRepository } from '../src/testing/index.ts';

const policy = (perSecond: number, burst?: number) => RateLimitPolicy.create({ perSecond, burst })._unsafeUnwrap();

/** Answers every take with the policy it was given, so a test sees which policy a request got. */
class RecordingLimiter implements RateLimiter {
  readonly taken: [string, RateLimitPolicy][] = [];
  async take(subject: string, given: RateLimitPolicy): Promise<RateLimitDecision> {
    this.taken.push([subject, given]);
    return { allowed: true, limit: given.perSecond, remaining: given.perSecond - 1, resetSeconds: 1 };
  }
}

describe('RateLimitPolicy', () => {
  it('holds an integer rate of at least 1 and a burst of at least the rate (default: the rate)', () => {
    expect(policy(100, 200).burstAllowance).to.equal(100);
    expect(policy(7).burst).to.equal(7);
    for (const [perSecond, burst] of [[0, 1], [1.5, 2], [10, 5], [2_000_000, 2_000_000]] as const) {
      expect(RateLimitPolicy.create({ perSecond, burst }).isErr(), `${perSecond}/${burst}`).to.equal(true);
    }
    expect(RateLimitPolicy.create({ perSecond: 10, burst: 5 })._unsafeUnwrapErr().details.map((d) => d.path)).to.deep.equal(['burst']);
  });
});

describe('createRateLimits: per-account overrides and request policies', () => {
  const setUp = async () => {
    const accountRepository = new InMemoryAccountRepository();
    const account = Account.open({ email: Email.create('a@example.com')._unsafeUnwrap(), walletCurrency: currency('USD') }, new Date());
    await accountRepository.save(account);
    const limiter = new RecordingLimiter();
    const rateLimits = createRateLimits({
      rateLimiter: limiter,
      overrideRepository: new InMemoryRateLimitOverrideRepository(),
      accountRepository,
      clock: systemClock,
      defaults: { perKey: policy(100, 200), perAddress: policy(50, 100) },
    });
    return { rateLimits, limiter, accountId: account.id };
  };

  it("holds keys to their account's override once refreshed, to the default otherwise, and addresses to theirs", async () => {
    const { rateLimits, limiter, accountId } = await setUp();
    const set = (await rateLimits.setAccountRateLimit.execute({ accountId, perSecond: 5, burst: 9 }))._unsafeUnwrap();
    expect([set.policy.perSecond, set.policy.burst, set.isDefault]).to.deep.equal([5, 9, false]);
    await rateLimits.requests.forKey({ keyId: 'key_1', accountId });
    await rateLimits.requests.refresh();
    await rateLimits.requests.forKey({ keyId: 'key_1', accountId });
    await rateLimits.requests.forKey({ keyId: 'key_2', accountId: 'acc_other' });
    await rateLimits.requests.forAddress('192.0.2.1');
    expect(limiter.taken.map(([subject, given]) => `${subject} ${given.perSecond}/${given.burst}`)).to.deep.equal([
      'key:key_1 100/200',
      'key:key_1 5/9',
      'key:key_2 100/200',
      'ip:192.0.2.1 50/100',
    ]);
    const back = (await rateLimits.setAccountRateLimit.execute({ accountId, useDefault: true }))._unsafeUnwrap();
    expect([back.policy.perSecond, back.isDefault]).to.deep.equal([100, true]);
    expect((await rateLimits.getAccountRateLimit.execute({ accountId }))._unsafeUnwrap().isDefault).to.equal(true);
  });

  it('refuses an unknown account (not_found) and a bad policy (validation_error)', async () => {
    const { rateLimits, accountId } = await setUp();
    expect((await rateLimits.setAccountRateLimit.execute({ accountId: 'acc_nope', perSecond: 5 }))._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await rateLimits.getAccountRateLimit.execute({ accountId: 'acc_nope' }))._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await rateLimits.setAccountRateLimit.execute({ accountId, perSecond: 0 }))._unsafeUnwrapErr().type).to.equal('validation_error');
  });
});
