import type { OneTimeToken, TokenPurpose } from '../../domain/tokens/one-time-token.ts';

/**
 * Mailed single-use tokens, kept as SHA-256 hashes. `consume` is the only way a token is used: one
 * conditional update (`... set used_at = now where hash = $1 and purpose = $2 and used_at is null
 * and expires_at > now returning ...`), so of two uses at once exactly one gets the token.
 */
export interface TokenStore {
  add(token: OneTimeToken): Promise<void>;
  /** The usable token with this hash and purpose at `now`, left usable (to check a request before using it). */
  find(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<OneTimeToken | undefined>;
  /** Uses the token: it is returned once, and never again. */
  consume(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<OneTimeToken | undefined>;
  /** Makes every unused token of this purpose and subject unusable (a new reset link voids the older ones). */
  revokeAll(purpose: TokenPurpose, subject: string, now: Date): Promise<void>;
}
