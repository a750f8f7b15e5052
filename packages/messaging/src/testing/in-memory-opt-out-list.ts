import { UndoableMap } from '@tuma/kernel/testing';
import type { OptOutAddition, OptOutList } from '../application/opt-outs/opt-out-list.port.ts';
import type { OptOut, OptOutOrigin } from '../domain/opt-outs/opt-out.model.ts';

/** Newest first, then by number: the order every implementation lists in. */
export const newestOptOutFirst = (a: OptOut, b: OptOut): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.phone < b.phone ? -1 : a.phone > b.phone ? 1 : 0);

/** Opt-out lists held in memory: for embedding the core and for tests. */
export class InMemoryOptOutList implements OptOutList {
  /** Per account (each its own map, so that its entries' writes are undone one by one). */
  private readonly accounts = new UndoableMap<string, UndoableMap<string, OptOut>>();

  async isOptedOut(accountId: string, phone: string): Promise<boolean> {
    return this.entriesOf(accountId).has(phone);
  }

  async optedOutAmong(accountId: string, phones: readonly string[]): Promise<ReadonlySet<string>> {
    const entries = this.entriesOf(accountId);
    return new Set(phones.filter((phone) => entries.has(phone)));
  }

  async add(accountId: string, phone: string, origin: OptOutOrigin, at: Date): Promise<OptOutAddition> {
    const entries = this.entriesOf(accountId);
    const existing = entries.get(phone);
    if (existing) return { optOut: existing, added: false };
    const optOut: OptOut = { accountId, phone, source: origin.source, keyword: origin.keyword, createdAt: new Date(at) };
    entries.set(phone, optOut);
    this.accounts.set(accountId, entries);
    return { optOut, added: true };
  }

  async remove(accountId: string, phone: string): Promise<boolean> {
    return this.entriesOf(accountId).delete(phone);
  }

  async list(accountId: string, limit: number): Promise<readonly OptOut[]> {
    return [...this.entriesOf(accountId).values()].sort(newestOptOutFirst).slice(0, limit);
  }

  private entriesOf(accountId: string): UndoableMap<string, OptOut> {
    return this.accounts.get(accountId) ?? new UndoableMap();
  }
}
