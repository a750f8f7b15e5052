import { Account } from '../domain/account.aggregate.ts';
import type { AccountRepository } from '../application/account.repository.port.ts';
import { UndoableMap } from '@tuma/kernel/testing';

export class InMemoryAccountRepository implements AccountRepository {
  private readonly rows = new UndoableMap<string, ReturnType<Account['toSnapshot']>>();

  async findById(id: string): Promise<Account | undefined> {
    const row = this.rows.get(id);
    return row && Account.rehydrate(row);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const wanted = email.toLowerCase();
    for (const row of this.rows.values()) if (row.email === wanted) return Account.rehydrate(row);
    return undefined;
  }

  async save(account: Account): Promise<void> {
    this.rows.set(account.id, account.toSnapshot());
  }

  async countCustomers(): Promise<number> {
    return [...this.rows.values()].filter((row) => !row.isAdmin).length;
  }
}
