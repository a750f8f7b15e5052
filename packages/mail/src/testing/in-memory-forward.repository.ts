import { UndoableMap } from '@tuma/kernel/testing';
import type { ForwardLogQuery, ForwardRepository } from '../application/forwards/forward.repository.port.ts';
import type { ForwardAttempt, ForwardLogEntry, ForwardOutcome } from '../domain/forwards/forward-attempt.ts';
import { CATCH_ALL, type Forward } from '../domain/forwards/forward.ts';

const newestFirst = <T extends { readonly id: string }>(a: T, b: T) => (a.id < b.id ? 1 : -1);

/** Forwards and their log in memory: for unit tests and for apps embedding the core without a database. */
export class InMemoryForwardRepository implements ForwardRepository {
  private readonly forwards = new UndoableMap<string, Forward>();
  private readonly attempts = new UndoableMap<string, ForwardAttempt>();

  async add(forward: Forward): Promise<boolean> {
    if ([...this.forwards.values()].some((f) => f.domainId === forward.domainId && f.alias === forward.alias)) return false;
    this.forwards.set(forward.id, forward);
    return true;
  }

  async list(accountId: string): Promise<readonly Forward[]> {
    return [...this.forwards.values()].filter((f) => f.accountId === accountId).sort(newestFirst);
  }

  async find(accountId: string, id: string): Promise<Forward | undefined> {
    const forward = this.forwards.get(id);
    return forward?.accountId === accountId ? forward : undefined;
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    if (!(await this.find(accountId, id))) return false;
    for (const attempt of this.attempts.values()) if (attempt.forwardId === id) this.attempts.delete(attempt.id);
    return this.forwards.delete(id);
  }

  async matching(domainId: string, alias: string): Promise<Forward | undefined> {
    const ofDomain = [...this.forwards.values()].filter((f) => f.domainId === domainId);
    return ofDomain.find((f) => f.alias === alias) ?? ofDomain.find((f) => f.alias === CATCH_ALL);
  }

  async addAttempt(attempt: ForwardAttempt): Promise<void> {
    if (this.attempts.has(attempt.id)) throw new Error(`Attempt ${attempt.id} exists`);
    this.attempts.set(attempt.id, { ...attempt, raw: attempt.raw && Uint8Array.from(attempt.raw) });
  }

  async findAttempt(id: string): Promise<ForwardAttempt | undefined> {
    return this.attempts.get(id);
  }

  async settleAttempt(id: string, outcome: Exclude<ForwardOutcome, 'pending'>, error: string | null, at: Date): Promise<boolean> {
    const attempt = this.attempts.get(id);
    if (attempt?.outcome !== 'pending') return false;
    this.attempts.set(id, { ...attempt, outcome, error, settledAt: at, raw: null });
    return true;
  }

  async log(query: ForwardLogQuery): Promise<readonly ForwardLogEntry[]> {
    const entries = [...this.attempts.values()]
      .filter((a) => a.accountId === query.accountId && a.forwardId === query.forwardId && (query.after === undefined || a.id < query.after))
      .sort(newestFirst)
      .map(({ raw: _raw, ...entry }) => entry);
    const from = query.offset ?? 0;
    return entries.slice(from, from + query.limit);
  }
}
