import { err, Money, ok, type Result } from '@tuma/kernel';
import { maxSendsReached, resendTooSoon, verificationNotPending, type ResendError, type VerificationNotPendingError } from './verification-errors.ts';
import { isFinal, type VerificationStatus } from './verification-status.ts';

export type VerificationEnvironment = 'live' | 'test';

/** What an app's OTP policy gives each of its verifications. */
export interface OtpPolicy {
  readonly ttlSeconds: number;
  readonly maxCheckAttempts: number;
  readonly maxSends: number;
  readonly resendCooldownSeconds: number;
}

/** One code sent: its hash, its SMS (none for test keys) and what it cost. */
export interface SentCode {
  readonly codeHash: string;
  readonly messageId: string | null;
  readonly cost: Money;
}

export interface VerificationSnapshot {
  readonly id: string;
  readonly accountId: string;
  readonly environment: VerificationEnvironment;
  readonly appId: string;
  /** E.164. */
  readonly to: string;
  /** ISO alpha-2 of `to`. */
  readonly country: string;
  readonly channel: 'sms';
  readonly status: VerificationStatus;
  /** HMAC of the latest code; null once the verification is final (purged). */
  readonly codeHash: string | null;
  readonly policy: OtpPolicy;
  readonly expiresAt: Date;
  readonly checkAttempts: number;
  readonly sends: number;
  readonly lastSentAt: Date;
  /** The SMS of each code sent, oldest first (none for test keys). */
  readonly messageIds: readonly string[];
  /** What its SMS cost, in the wallet currency (test keys: what they would have). */
  readonly cost: Money;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface StartVerificationInput extends SentCode {
  readonly id: string;
  readonly accountId: string;
  readonly environment: VerificationEnvironment;
  readonly appId: string;
  readonly to: string;
  readonly country: string;
  readonly policy: OtpPolicy;
}

/** What a check decided: whether the code was right, and the verification after it. */
export interface CheckOutcome {
  readonly valid: boolean;
  readonly changed: boolean;
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * A one-time-passcode verification (docs/verify.md, "States"):
 *
 *   pending --right code----------------------> approved
 *   pending --wrong code, no attempts left----> max_attempts_reached
 *   pending --expires_at passes---------------> expired
 *   pending --cancel--------------------------> canceled
 *   pending --its first SMS refused-----------> failed
 *   pending --resend (new code, new expiry)---> pending  (at most max_sends codes, cooldown apart)
 *
 * Every other state is final: checks answer `valid: false` and change nothing, and the code's
 * hash is dropped on the way in. Expiry is lazy (a read past `expires_at` sees `expired`), and a
 * purge job writes it down.
 */
export class Verification {
  private constructor(private state: VerificationSnapshot) {}

  static start(input: StartVerificationInput, now: Date): Verification {
    const { codeHash, messageId, cost, ...rest } = input;
    return new Verification({
      ...rest,
      channel: 'sms',
      status: 'pending',
      codeHash,
      expiresAt: new Date(now.getTime() + input.policy.ttlSeconds * 1000),
      checkAttempts: 0,
      sends: 1,
      lastSentAt: now,
      messageIds: messageId ? [messageId] : [],
      cost,
      createdAt: now,
      updatedAt: now,
    });
  }

  static rehydrate(snapshot: VerificationSnapshot): Verification {
    return new Verification(snapshot);
  }

  get id(): string {
    return this.state.id;
  }

  /** The status as of `now`: a pending verification past its expiry is expired. */
  statusAt(now: Date): VerificationStatus {
    return this.state.status === 'pending' && now.getTime() >= this.state.expiresAt.getTime() ? 'expired' : this.state.status;
  }

  attemptsLeft(): number {
    return Math.max(0, this.state.policy.maxCheckAttempts - this.state.checkAttempts);
  }

  sendsLeft(): number {
    return Math.max(0, this.state.policy.maxSends - this.state.sends);
  }

  /**
   * A check of a code, `matches` telling whether it is the latest one sent. Only a pending
   * verification counts it: right, it is approved; wrong, one attempt fewer, and none left ends it.
   */
  check(matches: boolean, now: Date): CheckOutcome {
    if (this.settleExpiry(now)) return { valid: false, changed: true };
    if (isFinal(this.state.status)) return { valid: false, changed: false };
    const checkAttempts = this.state.checkAttempts + 1;
    const status: VerificationStatus = matches ? 'approved' : checkAttempts >= this.state.policy.maxCheckAttempts ? 'max_attempts_reached' : 'pending';
    this.state = { ...this.state, checkAttempts, updatedAt: now };
    if (status !== 'pending') this.end(status, now);
    return { valid: matches, changed: true };
  }

  /** Whether another code may be sent now. */
  resendAllowed(now: Date): Result<void, ResendError> {
    const status = this.statusAt(now);
    if (status !== 'pending') return err(verificationNotPending(this.state.id, status));
    if (this.sendsLeft() === 0) return err(maxSendsReached(this.state.policy.maxSends, seconds(this.state.expiresAt.getTime() - now.getTime())));
    const wait = this.state.lastSentAt.getTime() + this.state.policy.resendCooldownSeconds * 1000 - now.getTime();
    return wait > 0 ? err(resendTooSoon(seconds(wait))) : ok(undefined);
  }

  /**
   * Takes one of the sends for a new code, before its SMS goes: two resends at once cannot both
   * pass the limits, and a send that then fails still counts (its SMS may have cost a try).
   */
  claimResend(now: Date): Result<void, ResendError> {
    return this.resendAllowed(now).map(() => {
      this.state = { ...this.state, sends: this.state.sends + 1, lastSentAt: now, updatedAt: now };
    });
  }

  /**
   * The claimed resend's code went out: the old one no longer works, and the new one lives the
   * app's TTL from now. Nothing changes when the verification ended meanwhile (checked, canceled).
   */
  codeResent(code: SentCode, now: Date): void {
    const messageIds = code.messageId ? [...this.state.messageIds, code.messageId] : this.state.messageIds;
    this.state = { ...this.state, messageIds, cost: this.state.cost.add(code.cost), updatedAt: now };
    if (this.statusAt(now) !== 'pending') return;
    this.state = { ...this.state, codeHash: code.codeHash, expiresAt: new Date(now.getTime() + this.state.policy.ttlSeconds * 1000) };
  }

  cancel(now: Date): Result<void, VerificationNotPendingError> {
    this.settleExpiry(now);
    if (this.state.status !== 'pending') return err(verificationNotPending(this.state.id, this.state.status));
    this.end('canceled', now);
    return ok(undefined);
  }

  /** Its first SMS was refused for good: the sending side refunded the charge, so it cost nothing. */
  fail(now: Date): void {
    if (this.state.status !== 'pending') throw new Error(`Verification ${this.state.id} is ${this.state.status}: only a pending one can fail`);
    this.end('failed', now);
    this.state = { ...this.state, cost: Money.zero(this.state.cost.currency) };
  }

  /** Writes down an expiry that has passed; whether it did. */
  settleExpiry(now: Date): boolean {
    if (this.statusAt(now) !== 'expired' || this.state.status === 'expired') return false;
    this.end('expired', now);
    return true;
  }

  toSnapshot(): VerificationSnapshot {
    return this.state;
  }

  private end(status: VerificationStatus, now: Date): void {
    this.state = { ...this.state, status, codeHash: null, updatedAt: now };
  }
}
