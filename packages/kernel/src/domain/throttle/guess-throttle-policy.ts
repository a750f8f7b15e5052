/**
 * How failed guesses at a secret (a sign-in, a link's password, an SMTP login) slow the guesser
 * down (docs/accounts.md, "Throttling"): no hard lock, a wait that doubles with each failure past a
 * free allowance, up to a cap. Three counters, each with its own rule:
 *
 * - the pair (client address, subject): one guesser at one secret; the tightest;
 * - the subject (an account, a link, a username) from anywhere: a much higher allowance, and it
 *   holds back only addresses that have failed at that subject, so the right password from an
 *   address that never failed there still works while the subject is under attack;
 * - the client address, whatever it tries: a much higher allowance (thousands of people share one
 *   address behind carrier-grade NAT) and a short cap, so its people wait, never for long.
 */
export interface ThrottleRule {
  /** Failures older than this count for nothing. */
  readonly windowMs: number;
  /** Failures in the window that ask no wait. */
  readonly free: number;
  /** The wait after the first failure past `free`; each further one doubles it. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export interface GuessThrottlePolicy {
  readonly pair: ThrottleRule;
  readonly subject: ThrottleRule;
  readonly address: ThrottleRule;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** How long failures are kept: no rule's window may be longer. */
export const FAILURE_RETENTION_MS = 24 * HOUR;

/** The one policy of sign-ins, link passwords and SMTP logins (the numbers of docs/accounts.md, "Throttling"). */
export const GUESS_THROTTLE: GuessThrottlePolicy = {
  pair: { windowMs: 24 * HOUR, free: 5, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE },
  subject: { windowMs: 24 * HOUR, free: 50, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE },
  address: { windowMs: HOUR, free: 100, firstDelayMs: SECOND, maxDelayMs: MINUTE },
};

/** The wait a rule asks after `failures` failures in its window: none within the allowance, then doubling to the cap. */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  const doublings = failures - rule.free;
  // 2^40 ms is 35 years: past any cap, and still an exact double.
  return Math.min(rule.firstDelayMs * 2 ** Math.min(doublings, 40), rule.maxDelayMs);
}

/** How many of a key's newest failures can change a rule's answer: past that count, the wait is at its cap. */
export function failuresThatCount(rule: ThrottleRule): number {
  return rule.free + Math.max(0, Math.ceil(Math.log2(rule.maxDelayMs / rule.firstDelayMs))) + 1;
}

/** A key's failures, newest first, as the store gave them. */
export interface KeyFailures {
  readonly pair: readonly Date[];
  readonly subject: readonly Date[];
  readonly address: readonly Date[];
}

/**
 * Milliseconds until an attempt may be checked, 0 when it may now. The pair's and the subject's
 * waits run from the pair's newest failure (so a crowd elsewhere does not move them), and only for a
 * pair that has failed; the address's from the address's newest failure.
 */
export function waitBeforeAttempt(policy: GuessThrottlePolicy, failures: KeyFailures, now: Date): number {
  const within = (rule: ThrottleRule, times: readonly Date[]) => times.filter((at) => at.getTime() > now.getTime() - rule.windowMs);
  const pair = within(policy.pair, failures.pair);
  const subject = within(policy.subject, failures.subject);
  const address = within(policy.address, failures.address);
  const until = (from: Date | undefined, delay: number) => (from && delay > 0 ? from.getTime() + delay - now.getTime() : 0);
  return Math.max(
    0,
    until(pair[0], delayAfter(policy.pair, pair.length)),
    until(pair[0], delayAfter(policy.subject, subject.length)),
    until(address[0], delayAfter(policy.address, address.length)),
  );
}
