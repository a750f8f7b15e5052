import type { SessionEndReason, SessionSnapshot } from '../../domain/sessions/session.ts';

/** Which sessions a bulk end applies to: a user's, or only those on one account. */
export interface SessionOwner {
  readonly userId: string;
  readonly accountId?: string;
}

/** A session found by a refresh token: `current` when the token is its latest, false when a later one replaced it. */
export interface SessionByToken {
  readonly session: SessionSnapshot;
  readonly current: boolean;
}

/** Refresh-token families. Stores SHA-256 hashes only: the current one, and the replaced ones to spot their reuse. */
export interface SessionRepository {
  add(session: SessionSnapshot): Promise<void>;
  findById(id: string): Promise<SessionSnapshot | undefined>;
  findByTokenHash(tokenHash: string): Promise<SessionByToken | undefined>;
  /**
   * Replaces the session's current token `presentedHash` by `nextHash` (one conditional update on
   * the current hash, the session not ended): true when it did; false when `presentedHash` was no
   * longer current (another refresh won) or the session ended. The replaced hash is kept.
   */
  rotate(id: string, presentedHash: string, next: { tokenHash: string; rotatedAt: Date; refreshExpiresAt: Date }): Promise<boolean>;
  /** Ends the session; an ended one keeps its first end. */
  end(id: string, reason: SessionEndReason, now: Date): Promise<void>;
  /** Ends every live session of the owner: how many it ended. */
  endAll(owner: SessionOwner, reason: SessionEndReason, now: Date): Promise<number>;
  /** The user's sessions whose refresh token still works at `now`, oldest first. */
  listLive(userId: string, now: Date): Promise<SessionSnapshot[]>;
}
