import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { DomainError } from '../domain/domain-error.ts';
import { FAILURE_RETENTION_MS, failuresThatCount, GUESS_THROTTLE, waitBeforeAttempt, type GuessThrottlePolicy } from '../domain/throttle/guess-throttle-policy.ts';
import type { Clock } from './clock.port.ts';
import type { FailureLog } from './failure-log.port.ts';

/** A guess held back: seconds until it may be tried (`Retry-After`). */
export interface RateLimitedError extends DomainError {
  readonly type: 'rate_limited';
  readonly retryAfter: number;
}

export const rateLimited = (retryAfter: number, message: string): RateLimitedError => ({ type: 'rate_limited', retryAfter, message });

/** A guess let through, counted as a failure from the start: its caller says how it ended. */
export interface GuessAttempt {
  /** The secret was right: the pair's failures are forgotten, and this one is taken back from the subject's and the address's. */
  succeeded(): Promise<void>;
  /** The secret was never checked (no capacity to check it): the attempt counts for nothing. */
  withdrawn(): Promise<void>;
}

/**
 * The one throttle of guessed secrets (sign-in, link passwords, SMTP AUTH): `GuessThrottlePolicy`'s
 * rule over a `FailureLog`, each product under a scope of its own (`login`, `link`, `smtp`). An
 * attempt is counted as a failure before its secret is checked, so guesses sent in parallel see each
 * other; a held-back attempt is neither checked nor counted. The keys read and written together take
 * one statement each way.
 */
export class GuessThrottle {
  private readonly limit: number;

  constructor(
    private readonly scope: string,
    private readonly log: FailureLog,
    private readonly clock: Clock,
    private readonly policy: GuessThrottlePolicy = GUESS_THROTTLE,
  ) {
    this.limit = Math.max(failuresThatCount(policy.pair), failuresThatCount(policy.subject), failuresThatCount(policy.address));
  }

  /** A guess at `subject`'s secret from `address`: let through (and counted), or held back with the seconds to wait. */
  attempt(subject: string, address: string): ResultAsync<GuessAttempt, { readonly retryAfter: number }> {
    return ResultAsync.fromSafePromise(this.decide(subject, address)).andThen((decided) => ('retryAfter' in decided ? errAsync(decided) : okAsync(decided)));
  }

  /**
   * Forgets the subject's failures from anywhere (its pairs' and addresses' stay): its secret was
   * replaced, so guesses at the old one tell nothing of the new, and the person who mistyped while
   * it was under attack is let back in.
   */
  forgetSubject(subject: string): Promise<void> {
    return this.log.clear(this.subjectKey(subject));
  }

  private async decide(subject: string, address: string): Promise<GuessAttempt | { readonly retryAfter: number }> {
    const now = this.clock.now();
    const keys = this.keys(subject, address);
    const [pair = [], ofSubject = [], ofAddress = []] = await this.log.recent([keys.pair, keys.subject, keys.address], new Date(now.getTime() - FAILURE_RETENTION_MS), this.limit);
    const wait = waitBeforeAttempt(this.policy, { pair, subject: ofSubject, address: ofAddress }, now);
    if (wait > 0) return { retryAfter: Math.ceil(wait / 1000) };
    const counted = [keys.pair, keys.subject, keys.address];
    await this.log.record(counted, now);
    return {
      succeeded: async () => {
        await this.log.clear(keys.pair);
        await this.log.forget([keys.subject, keys.address], now);
      },
      withdrawn: () => this.log.forget(counted, now),
    };
  }

  /** The counters of a guess; subjects are compared as given (callers normalise, e.g. lower-case an email). */
  private keys(subject: string, address: string) {
    return { pair: `${this.scope}:pair:${address}|${subject}`, subject: this.subjectKey(subject), address: `${this.scope}:ip:${address}` };
  }

  private subjectKey(subject: string): string {
    return `${this.scope}:subject:${subject}`;
  }
}
