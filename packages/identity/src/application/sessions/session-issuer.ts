import { sha256Hex } from '@tuma/kernel';
import { newTokenSecret } from '../../domain/tokens/one-time-token.ts';
import { refreshExpiry, SESSION_POLICY, startSession, type SessionSnapshot } from '../../domain/sessions/session.ts';
import type { MembershipSnapshot } from '../../domain/team/membership.ts';
import type { Role } from '../../domain/team/roles.ts';
import type { AccessTokens } from './access-tokens.port.ts';
import type { SessionRepository } from './session.repository.port.ts';

/** What a login or a refresh hands the client. */
export interface IssuedSession {
  readonly accessToken: string;
  readonly tokenType: 'Bearer';
  /** Seconds the access token lives. */
  readonly expiresIn: number;
  readonly refreshToken: string;
  readonly sessionId: string;
  readonly accountId: string;
  readonly role: Role;
}

/** Starts sessions and turns their refresh tokens over, each time with a new access token. */
export class SessionIssuer {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly accessTokens: AccessTokens,
  ) {}

  /** A new session on the member's account; the user's oldest sessions end past `SESSION_POLICY.perUser`. */
  async start(member: MembershipSnapshot, now: Date): Promise<IssuedSession> {
    const refreshToken = newTokenSecret();
    const session = startSession({ userId: member.userId, accountId: member.accountId, tokenHash: await sha256Hex(refreshToken) }, now);
    await this.sessions.add(session);
    const live = await this.sessions.listLive(member.userId, now);
    for (const old of live.slice(0, Math.max(0, live.length - SESSION_POLICY.perUser))) await this.sessions.end(old.id, 'evicted', now);
    return this.answer(session, refreshToken, member.role, now);
  }

  /** The session's next refresh token, if `presentedHash` is still its current one (else another refresh got there first). */
  async rotate(session: SessionSnapshot, presentedHash: string, role: Role, now: Date): Promise<IssuedSession | undefined> {
    const refreshToken = newTokenSecret();
    const rotated = await this.sessions.rotate(session.id, presentedHash, {
      tokenHash: await sha256Hex(refreshToken),
      rotatedAt: now,
      refreshExpiresAt: refreshExpiry(now, session.expiresAt),
    });
    return rotated ? this.answer(session, refreshToken, role, now) : undefined;
  }

  private async answer(session: SessionSnapshot, refreshToken: string, role: Role, now: Date): Promise<IssuedSession> {
    const access = await this.accessTokens.issue({ userId: session.userId, accountId: session.accountId, role, sessionId: session.id }, now);
    return { accessToken: access.token, tokenType: 'Bearer', expiresIn: access.expiresIn, refreshToken, sessionId: session.id, accountId: session.accountId, role };
  }
}
