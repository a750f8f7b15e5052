import { newId } from '@tuma/kernel';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * docs/accounts.md, "Sessions": an access token lives 15 minutes; a refresh token 30 days from
 * its issue (idle timeout), and a session 90 days from its login whatever its use (absolute
 * timeout); a user keeps at most 10 sessions, the oldest ended to make room.
 */
export const SESSION_POLICY = {
  accessTokenSeconds: 15 * 60,
  refreshIdleMs: 30 * DAY_MS,
  absoluteMs: 90 * DAY_MS,
  perUser: 10,
} as const;

export type SessionEndReason = 'logout' | 'logout_all' | 'reuse_detected' | 'password_reset' | 'password_changed' | 'disabled' | 'removed_from_team' | 'evicted';

/**
 * One login's family of refresh tokens: only the SHA-256 of its current token is kept, each
 * refresh replaces it, and a replaced one coming back ends the family (a stolen copy was used).
 */
export interface SessionSnapshot {
  readonly id: string;
  readonly userId: string;
  readonly accountId: string;
  readonly tokenHash: string;
  readonly createdAt: Date;
  /** When the current refresh token was issued. */
  readonly rotatedAt: Date;
  /** When the current refresh token stops working: 30 days after its issue, never past the session's end. */
  readonly refreshExpiresAt: Date;
  /** The absolute end: 90 days after the login. */
  readonly expiresAt: Date;
  readonly endedAt: Date | null;
  readonly endReason: SessionEndReason | null;
}

/** When a refresh token issued at `now` expires in a session that ends at `expiresAt`. */
export const refreshExpiry = (now: Date, expiresAt: Date): Date => new Date(Math.min(now.getTime() + SESSION_POLICY.refreshIdleMs, expiresAt.getTime()));

export function startSession(input: { userId: string; accountId: string; tokenHash: string }, now: Date): SessionSnapshot {
  const expiresAt = new Date(now.getTime() + SESSION_POLICY.absoluteMs);
  return {
    id: newId('ses', now),
    ...input,
    createdAt: now,
    rotatedAt: now,
    refreshExpiresAt: refreshExpiry(now, expiresAt),
    expiresAt,
    endedAt: null,
    endReason: null,
  };
}

/** Whether the session's current refresh token still works at `now`. */
export const isLive = (session: SessionSnapshot, now: Date): boolean => session.endedAt === null && session.refreshExpiresAt.getTime() > now.getTime();
