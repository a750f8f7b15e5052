import { randomBase62 } from '@tuma/kernel';

/** What a mailed token is good for; each purpose has its own lifetime and is consumed once. */
export type TokenPurpose = 'verify_email' | 'reset_password' | 'invite';

const HOUR_MS = 60 * 60 * 1000;

/** docs/accounts.md, "Tokens": a day to verify, an hour to reset (the riskier link), a week to accept an invite. */
export const TOKEN_LIFETIME_MS: Readonly<Record<TokenPurpose, number>> = {
  verify_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
  invite: 7 * 24 * HOUR_MS,
};

/** 43 base62 characters: about 256 bits, so the stored SHA-256 needs no salt or slow hash. */
export const newTokenSecret = (): string => randomBase62(43);

/** A token as stored: its hash only; `subject` is the user id (verify, reset) or the invite id. */
export interface OneTimeToken {
  readonly tokenHash: string;
  readonly purpose: TokenPurpose;
  readonly subject: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export const oneTimeToken = (purpose: TokenPurpose, subject: string, tokenHash: string, now: Date): OneTimeToken => ({
  tokenHash,
  purpose,
  subject,
  createdAt: now,
  expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
});
