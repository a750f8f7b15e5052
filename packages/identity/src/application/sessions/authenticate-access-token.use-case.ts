import { unauthorized, type UnauthorizedError } from '@tuma/accounts';
import { err, ok, ResultAsync, type Clock, type Result } from '@tuma/kernel';
import type { Role } from '../../domain/team/roles.ts';
import type { MembershipRepository } from '../team/membership.repository.port.ts';
import type { AccessTokens } from './access-tokens.port.ts';
import type { SessionRepository } from './session.repository.port.ts';

/** Who a dashboard request acts as: the user, on which account, with the role they have now. */
export interface Member {
  readonly userId: string;
  readonly accountId: string;
  readonly role: Role;
  readonly sessionId: string;
}

/**
 * A JWT-authenticated request: a valid signature is not enough. Its session must not have ended
 * (logout, password reset, a disabled user: at once, not 15 minutes later) and the user must still
 * be a member of the account, whose role is read now (a demotion also applies at once).
 */
export class AuthenticateAccessToken {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly sessions: SessionRepository,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
  ) {}

  execute(token: string): ResultAsync<Member, UnauthorizedError> {
    return new ResultAsync(this.authenticate(token));
  }

  private async authenticate(token: string): Promise<Result<Member, UnauthorizedError>> {
    const refused = err(unauthorized('Missing, invalid or expired access token'));
    const claims = await this.accessTokens.verify(token, this.clock.now());
    if (!claims) return refused;
    const [session, member] = await Promise.all([this.sessions.findById(claims.sessionId), this.memberships.find(claims.accountId, claims.userId)]);
    if (!session || session.endedAt || session.userId !== claims.userId || !member) return refused;
    return ok({ userId: claims.userId, accountId: claims.accountId, role: member.role, sessionId: claims.sessionId });
  }
}
