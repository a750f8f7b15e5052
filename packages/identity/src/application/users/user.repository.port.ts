import type { User } from '../../domain/users/user.aggregate.ts';

export interface UserRepository {
  /** Inserts a new user; the email is unique (a second insert of one is a fault). */
  add(user: User): Promise<void>;
  /** Inside a unit of work: until it ends, others asking for this address wait (registrations of one address take turns). */
  lockEmail(email: string): Promise<void>;
  save(user: User): Promise<void>;
  findById(id: string): Promise<User | undefined>;
  /** `email` as normalised by `Email`. */
  findByEmail(email: string): Promise<User | undefined>;
  findByIds(ids: readonly string[]): Promise<User[]>;
  /** Users whose email or name contains `text` (ignoring case; every user for ''), newest first, at most `limit`. */
  search(text: string, limit: number): Promise<User[]>;
  /** Inside a unit of work: the row stays locked until it ends, so changes of one user take turns. */
  lock(id: string): Promise<User | undefined>;
}
