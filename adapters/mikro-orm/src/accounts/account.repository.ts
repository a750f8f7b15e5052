import { sql, type Selectable } from 'kysely';
import { Account, type AccountRepository, type AccountStatus } from '@tuma/accounts';
import { currency } from '@tuma/kernel';
import type { Database } from '../database/database.ts';
import type { AccountTable } from '../database/tables.ts';

const accountOf = (row: Selectable<AccountTable>): Account =>
  Account.rehydrate({
    id: row.id,
    email: row.email,
    status: row.status as AccountStatus,
    isAdmin: row.is_admin,
    walletCurrency: currency(row.wallet_currency),
    emailVerifiedAt: row.email_verified_at === null ? null : new Date(row.email_verified_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });

/** Accounts in `account`. */
export class MikroOrmAccountRepository implements AccountRepository {
  constructor(private readonly database: Database) {}

  async findById(id: string): Promise<Account | undefined> {
    const row = await this.database.query.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
    return row && accountOf(row);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const row = await this.database.query.selectFrom('account').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    return row && accountOf(row);
  }

  /** Inserts, or overwrites every column of the account with its id. */
  async save(account: Account): Promise<void> {
    const a = account.toSnapshot();
    const row = { email: a.email, status: a.status, is_admin: a.isAdmin, wallet_currency: a.walletCurrency, email_verified_at: a.emailVerifiedAt, created_at: a.createdAt, updated_at: a.updatedAt };
    await this.database.query
      .insertInto('account')
      .values({ id: a.id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }

  async countCustomers(): Promise<number> {
    const { n } = await this.database.query.selectFrom('account').select(sql<number>`count(*)::int`.as('n')).where('is_admin', '=', false).executeTakeFirstOrThrow();
    return n;
  }
}
