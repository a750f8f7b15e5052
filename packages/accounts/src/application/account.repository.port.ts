import type { Account } from '../domain/account.aggregate.ts';

export interface AccountRepository {
  findById(id: string): Promise<Account | undefined>;
  findByEmail(email: string): Promise<Account | undefined>;
  /** Inserts or updates. */
  save(account: Account): Promise<void>;
  /** Accounts that are not operators. */
  countCustomers(): Promise<number>;
}
