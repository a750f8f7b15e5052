import { UndoableMap } from '@tuma/kernel/testing';
import { isLive, type SessionEndReason, type SessionSnapshot } from '../domain/sessions/session.ts';
import type { SessionByToken, SessionOwner, SessionRepository } from '../application/sessions/session.repository.port.ts';

export class InMemorySessionRepository implements SessionRepository {
  private readonly rows = new UndoableMap<string, SessionSnapshot>();
  /** Replaced token hash -> its session. */
  private readonly replaced = new UndoableMap<string, string>();

  async add(session: SessionSnapshot): Promise<void> {
    this.rows.set(session.id, session);
  }

  async findById(id: string): Promise<SessionSnapshot | undefined> {
    return this.rows.get(id);
  }

  async findByTokenHash(tokenHash: string): Promise<SessionByToken | undefined> {
    for (const session of this.rows.values()) if (session.tokenHash === tokenHash) return { session, current: true };
    const id = this.replaced.get(tokenHash);
    const session = id === undefined ? undefined : this.rows.get(id);
    return session && { session, current: false };
  }

  async rotate(id: string, presentedHash: string, next: { tokenHash: string; rotatedAt: Date; refreshExpiresAt: Date }): Promise<boolean> {
    const session = this.rows.get(id);
    if (!session || session.tokenHash !== presentedHash || session.endedAt) return false;
    this.rows.set(id, { ...session, ...next });
    this.replaced.set(presentedHash, id);
    return true;
  }

  async end(id: string, reason: SessionEndReason, now: Date): Promise<void> {
    const session = this.rows.get(id);
    if (session && !session.endedAt) this.rows.set(id, { ...session, endedAt: now, endReason: reason });
  }

  async endAll(owner: SessionOwner, reason: SessionEndReason, now: Date): Promise<number> {
    const ending = [...this.rows.values()].filter(
      (session) => session.userId === owner.userId && (owner.accountId === undefined || session.accountId === owner.accountId) && isLive(session, now),
    );
    for (const session of ending) await this.end(session.id, reason, now);
    return ending.length;
  }

  async listLive(userId: string, now: Date): Promise<SessionSnapshot[]> {
    return [...this.rows.values()]
      .filter((session) => session.userId === userId && isLive(session, now))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }
}
