import type { InferEntity } from '@mikro-orm/core';
import { Account, type AccountRepository, type AccountStatus } from '@tuma/accounts';
import { currency } from '@tuma/kernel';
import type { Database } from '../database/database.ts';
import { AccountRecord } from './account.entity.ts';

type Row = InferEntity<typeof AccountRecord>;

const toDomain = (row: Row): Account =>
  Account.rehydrate({
    id: row.id,
    email: row.email,
    status: row.status as AccountStatus,
    isAdmin: row.isAdmin,
    walletCurrency: currency(row.walletCurrency),
    emailVerifiedAt: row.emailVerifiedAt ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });

export class MikroOrmAccountRepository implements AccountRepository {
  constructor(private readonly database: Database) {}

  async findById(id: string): Promise<Account | undefined> {
    const row = await this.database.em.findOne(AccountRecord, { id }, { refresh: true });
    return row ? toDomain(row) : undefined;
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const row = await this.database.em.findOne(AccountRecord, { email: email.toLowerCase() }, { refresh: true });
    return row ? toDomain(row) : undefined;
  }

  async save(account: Account): Promise<void> {
    await this.database.em.upsert(AccountRecord, { ...account.toSnapshot() });
  }

  async countCustomers(): Promise<number> {
    return this.database.em.count(AccountRecord, { isAdmin: false });
  }
}
