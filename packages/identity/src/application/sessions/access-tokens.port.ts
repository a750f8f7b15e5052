import type { Role } from '../../domain/team/roles.ts';

/** What an access token says: whose, on which account, with which role, in which session. */
export interface AccessTokenClaims {
  readonly userId: string;
  readonly accountId: string;
  readonly role: Role;
  readonly sessionId: string;
}

export interface IssuedAccessToken {
  readonly token: string;
  /** Seconds. */
  readonly expiresIn: number;
}

/** Signed, short-lived access tokens (JWT). */
export interface AccessTokens {
  issue(claims: AccessTokenClaims, now: Date): Promise<IssuedAccessToken>;
  /** The claims of a token signed by us and not expired at `now`; undefined for any other. */
  verify(token: string, now: Date): Promise<AccessTokenClaims | undefined>;
}
