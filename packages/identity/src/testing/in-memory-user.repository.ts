import { UndoableMap } from '@tuma/kernel/testing';
import { User, type UserSnapshot } from '../domain/users/user.aggregate.ts';
import type { UserRepository } from '../application/users/user.repository.port.ts';

export class InMemoryUserRepository implements UserRepository {
  private readonly rows = new UndoableMap<string, UserSnapshot>();

  async add(user: User): Promise<void> {
    if (this.rows.has(user.id) || (await this.findByEmail(user.email))) throw new Error(`Duplicate user ${user.id} / ${user.email}`);
    this.rows.set(user.id, user.toSnapshot());
  }

  /** One caller at a time in memory: nothing to wait for. */
  async lockEmail(): Promise<void> {}

  async save(user: User): Promise<void> {
    this.rows.set(user.id, user.toSnapshot());
  }

  async findById(id: string): Promise<User | undefined> {
    const row = this.rows.get(id);
    return row && User.rehydrate(row);
  }

  async findByEmail(email: string): Promise<User | undefined> {
    for (const row of this.rows.values()) if (row.email === email) return User.rehydrate(row);
    return undefined;
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    return ids.flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [User.rehydrate(row)] : [];
    });
  }

  async search(text: string, limit: number): Promise<User[]> {
    const wanted = text.toLowerCase();
    return [...this.rows.values()]
      .filter((row) => row.email.includes(wanted) || (row.name ?? '').toLowerCase().includes(wanted))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .slice(0, limit)
      .map((row) => User.rehydrate(row));
  }

  /** One process, no concurrent transactions: nothing to lock. */
  lock(id: string): Promise<User | undefined> {
    return this.findById(id);
  }
}
