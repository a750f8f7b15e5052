import { SESSION_POLICY } from '../domain/sessions/session.ts';
import type { AccessTokenClaims, AccessTokens, IssuedAccessToken } from '../application/sessions/access-tokens.port.ts';

/**
 * `AccessTokens` for unit tests: opaque tokens this instance issued, each good for the access
 * token's lifetime (`SESSION_POLICY.accessTokenSeconds`); any other token, or one of another
 * instance, is refused as a foreign JWT is. The real one is `JoseAccessTokens` (`@tuma/identity-adapter`).
 */
export class InMemoryAccessTokens implements AccessTokens {
  private readonly issued = new Map<string, { readonly claims: AccessTokenClaims; readonly expiresAt: number }>();

  async issue(claims: AccessTokenClaims, now: Date): Promise<IssuedAccessToken> {
    const expiresIn = SESSION_POLICY.accessTokenSeconds;
    const token = `at_${crypto.randomUUID()}`;
    this.issued.set(token, { claims: { ...claims }, expiresAt: now.getTime() + expiresIn * 1000 });
    return { token, expiresIn };
  }

  async verify(token: string, now: Date): Promise<AccessTokenClaims | undefined> {
    const found = this.issued.get(token);
    return found && now.getTime() < found.expiresAt ? found.claims : undefined;
  }
}
