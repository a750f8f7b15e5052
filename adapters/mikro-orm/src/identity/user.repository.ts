import { sql, type Selectable } from 'kysely';
import { User, type UserRepository, type UserStatus } from '@tuma/identity';
import type { Database } from '../database/database.ts';
import type { AppUserTable } from '../database/tables.ts';
import { anyOf } from '../database/bound-texts.ts';

const userOf = (row: Selectable<AppUserTable>): User =>
  User.rehydrate({
    id: row.id,
    email: row.email,
    name: row.name,
    company: row.company,
    passwordHash: row.password_hash,
    emailVerifiedAt: row.email_verified_at === null ? null : new Date(row.email_verified_at),
    status: row.status as UserStatus,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });

/** Users in `app_user`, one per (normalised) email: a unique index, so a second insert fails. */
export class MikroOrmUserRepository implements UserRepository {
  constructor(private readonly database: Database) {}

  async lockEmail(email: string): Promise<void> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking an address needs a unit of work');
    await sql`select pg_advisory_xact_lock(hashtextextended('app_user:' || ${email}, 0))`.execute(this.database.query);
  }

  async add(user: User): Promise<void> {
    const u = user.toSnapshot();
    await this.database.query
      .insertInto('app_user')
      .values({ id: u.id, email: u.email, name: u.name, company: u.company, password_hash: u.passwordHash, email_verified_at: u.emailVerifiedAt, status: u.status, created_at: u.createdAt, updated_at: u.updatedAt })
      .execute();
  }

  async save(user: User): Promise<void> {
    const u = user.toSnapshot();
    await this.database.query
      .updateTable('app_user')
      .set({ name: u.name, company: u.company, password_hash: u.passwordHash, email_verified_at: u.emailVerifiedAt, status: u.status, updated_at: u.updatedAt })
      .where('id', '=', u.id)
      .execute();
  }

  async findById(id: string): Promise<User | undefined> {
    const row = await this.database.query.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
    return row && userOf(row);
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.database.query.selectFrom('app_user').selectAll().where('email', '=', email).executeTakeFirst();
    return row && userOf(row);
  }

  /** The ids travel as one JSON parameter, however many. */
  async findByIds(ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.query
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', anyOf(ids))
      .execute();
    return rows.map(userOf);
  }

  /** A scan of `app_user` (no index serves a substring): the operator's occasional search. */
  async search(text: string, limit: number): Promise<User[]> {
    const pattern = `%${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
    const rows = await this.database.query
      .selectFrom('app_user')
      .selectAll()
      .where((eb) => eb.or([eb('email', 'ilike', pattern), eb('name', 'ilike', pattern)]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(userOf);
  }

  async lock(id: string): Promise<User | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a user needs a unit of work');
    const row = await this.database.query.selectFrom('app_user').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    return row && userOf(row);
  }
}
