
import { err, ok, ResultAsync, type Clock, type Result, sha256Hex } from '@tuma/kernel';
import { isLive } from '../../domain/sessions/session.ts';
import { invalidRefreshToken, type InvalidRefreshTokenError } from '../../domain/users/identity-errors.ts';
import type { MembershipRepository } from '../team/membership.repository.port.ts';
import type { IssuedSession, SessionIssuer } from './session-issuer.ts';
import type { SessionRepository } from './session.repository.port.ts';

/**
 * `POST /token/refresh`: the session's next refresh token and a new access token (with the
 * member's role as it is now). A refresh token that was already replaced ends its whole session:
 * either it was stolen, or its owner's copy was, and the two cannot be told apart (OAuth 2.0
 * Security BCP, refresh token rotation). Two refreshes at once with one token count as reuse.
 */
export class RefreshSession {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly memberships: MembershipRepository,
    private readonly issuer: SessionIssuer,
    private readonly clock: Clock,
  ) {}

  execute(refreshToken: string): ResultAsync<IssuedSession, InvalidRefreshTokenError> {
    return new ResultAsync(this.refresh(refreshToken));
  }

  private async refresh(refreshToken: string): Promise<Result<IssuedSession, InvalidRefreshTokenError>> {
    const now = this.clock.now();
    const presentedHash = await sha256Hex(refreshToken);
    const found = await this.sessions.findByTokenHash(presentedHash);
    if (!found || !isLive(found.session, now)) return err(invalidRefreshToken());
    const { session } = found;
    if (!found.current) {
      await this.sessions.end(session.id, 'reuse_detected', now);
      return err(invalidRefreshToken());
    }
    const member = await this.memberships.find(session.accountId, session.userId);
    if (!member) {
      await this.sessions.end(session.id, 'removed_from_team', now);
      return err(invalidRefreshToken());
    }
    const issued = await this.issuer.rotate(session, presentedHash, member.role, now);
    if (issued) return ok(issued);
    await this.sessions.end(session.id, 'reuse_detected', now);
    return err(invalidRefreshToken());
  }
}
