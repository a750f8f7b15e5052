import type { VerificationSnapshot } from '../domain/verifications/verification.aggregate.ts';
import type { ScopedId, VerificationChange, VerificationPage, VerificationQuery, VerificationRepository, VerificationScope } from '../application/verifications/verification.repository.port.ts';
import { Verification } from '../domain/verifications/verification.aggregate.ts';
import { UndoableMap } from '@tuma/kernel/testing';

const inScope = (v: VerificationSnapshot, scope: VerificationScope) => v.accountId === scope.accountId && v.environment === scope.environment;

/** Verifications in a map: for unit tests and in-memory wiring (no locks: one caller at a time). */
export class InMemoryVerificationRepository implements VerificationRepository {
  private readonly rows = new UndoableMap<string, VerificationSnapshot>();

  async add(verifications: readonly VerificationSnapshot[]): Promise<void> {
    for (const verification of verifications) if (this.rows.has(verification.id)) throw new Error(`Verification ${verification.id} exists`);
    for (const verification of verifications) this.rows.set(verification.id, verification);
  }

  async save(verifications: readonly VerificationSnapshot[]): Promise<void> {
    for (const verification of verifications) if (!this.rows.has(verification.id)) throw new Error(`Verification ${verification.id} was never added`);
    for (const verification of verifications) this.rows.set(verification.id, verification);
  }

  async find(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined> {
    const row = this.rows.get(id);
    return row && inScope(row, scope) ? row : undefined;
  }

  lock(scope: VerificationScope, id: string): Promise<VerificationSnapshot | undefined> {
    return this.find(scope, id);
  }

  /** In id order, as the port says (the database locks in that order so that lockers never deadlock). */
  async lockAll(ids: readonly ScopedId[]): Promise<readonly VerificationSnapshot[]> {
    return this.inScopes(ids).sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  async lockByLatestMessage(messageIds: readonly string[]): Promise<readonly VerificationSnapshot[]> {
    const wanted = new Set(messageIds);
    return [...this.rows.values()].filter((v) => wanted.has(v.messageIds.at(-1) ?? '')).sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  async findAll(ids: readonly ScopedId[]): Promise<readonly VerificationSnapshot[]> {
    return this.inScopes(ids);
  }

  async saveIfUnchanged(changes: readonly VerificationChange[]): Promise<ReadonlySet<string>> {
    const written = new Set<string>();
    for (const { before, after } of changes) {
      const row = this.rows.get(before.id);
      if (!row || row.status !== before.status || row.checkAttempts !== before.checkAttempts || row.sends !== before.sends) continue;
      this.rows.set(after.id, after);
      written.add(after.id);
    }
    return written;
  }

  async list(query: VerificationQuery): Promise<VerificationPage> {
    const matching = [...this.rows.values()]
      .filter((v) => inScope(v, query) && (query.to === undefined || v.to === query.to))
      .filter((v) => query.status === undefined || Verification.rehydrate(v).statusAt(query.now) === query.status)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    return { items: matching.slice(query.page * query.limit, (query.page + 1) * query.limit), total: matching.length };
  }

  private inScopes(ids: readonly ScopedId[]): VerificationSnapshot[] {
    const found = new Map<string, VerificationSnapshot>();
    for (const { scope, id } of ids) {
      const row = this.rows.get(id);
      if (row && inScope(row, scope)) found.set(id, row);
    }
    return [...found.values()];
  }

  async expireDue(now: Date, limit: number): Promise<number> {
    let expired = 0;
    for (const row of this.rows.values()) {
      if (expired >= limit) break;
      const verification = Verification.rehydrate(row);
      if (verification.settleExpiry(now)) {
        this.rows.set(row.id, verification.toSnapshot());
        expired++;
      }
    }
    return expired;
  }
}
