import type { VerifyAppSnapshot } from '../domain/apps/verify-app.ts';
import type { VerifyAppRepository } from '../application/apps/verify-app.repository.port.ts';
import { UndoableMap } from '@tuma/kernel/testing';

/** Verify Apps in a map: for unit tests and in-memory wiring. */
export class InMemoryVerifyAppRepository implements VerifyAppRepository {
  private readonly rows = new UndoableMap<string, VerifyAppSnapshot>();

  async add(app: VerifyAppSnapshot): Promise<void> {
    this.rows.set(app.id, app);
  }

  async save(app: VerifyAppSnapshot): Promise<void> {
    this.rows.set(app.id, app);
  }

  async find(accountId: string, id: string): Promise<VerifyAppSnapshot | undefined> {
    const app = this.rows.get(id);
    return app?.accountId === accountId ? app : undefined;
  }

  async list(accountId: string): Promise<readonly VerifyAppSnapshot[]> {
    return [...this.rows.values()].filter((app) => app.accountId === accountId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.find(accountId, id)) !== undefined && this.rows.delete(id);
  }

  async ensureDefault(draft: VerifyAppSnapshot): Promise<VerifyAppSnapshot> {
    const existing = [...this.rows.values()].find((app) => app.accountId === draft.accountId && app.isDefault);
    if (existing) return existing;
    this.rows.set(draft.id, draft);
    return draft;
  }
}
