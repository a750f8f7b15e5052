import { UndoableMap } from '@tuma/kernel/testing';
import type { SuppressionList, SuppressionQuery } from '../application/suppressions/suppression-list.port.ts';
import type { Suppression } from '../domain/suppressions/suppression.ts';

/** Suppressed addresses in a map keyed by account and address. */
export class InMemorySuppressionList implements SuppressionList {
  private readonly rows = new UndoableMap<string, Suppression>();

  async add(suppression: Suppression): Promise<boolean> {
    const key = `${suppression.accountId} ${suppression.email}`;
    if (this.rows.has(key)) return false;
    this.rows.set(key, suppression);
    return true;
  }

  async suppressed(accountId: string, emails: readonly string[]): Promise<ReadonlySet<string>> {
    return new Set(emails.filter((email) => this.rows.has(`${accountId} ${email}`)));
  }

  async list(query: SuppressionQuery): Promise<readonly Suppression[]> {
    const offset = query.offset ?? 0;
    return [...this.rows.values()]
      .filter((s) => s.accountId === query.accountId && (query.after === undefined || s.id < query.after))
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(offset, offset + query.limit);
  }

  async remove(accountId: string, email: string): Promise<boolean> {
    return this.rows.delete(`${accountId} ${email}`);
  }
}
