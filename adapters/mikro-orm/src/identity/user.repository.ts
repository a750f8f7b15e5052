import { User, type UserRepository, type UserStatus } from '@tuma/identity';
import type { Database } from '../database/database.ts';

interface UserRow {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly company: string | null;
  readonly password_hash: string;
  readonly email_verified_at: string | null;
  readonly status: UserStatus;
  readonly created_at: string;
  readonly updated_at: string;
}

const SELECT = `select id, email, name, company, password_hash, email_verified_at::text as email_verified_at, status,
  created_at::text as created_at, updated_at::text as updated_at from app_user`;

const fromRow = (row: UserRow): User =>
  User.rehydrate({
    id: row.id,
    email: row.email,
    name: row.name,
    company: row.company,
    passwordHash: row.password_hash,
    emailVerifiedAt: row.email_verified_at === null ? null : new Date(row.email_verified_at),
    status: row.status,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Users in `app_user`, one per (normalised) email: a unique index, so a second insert fails. */
export class MikroOrmUserRepository implements UserRepository {
  constructor(private readonly database: Database) {}

  async lockEmail(email: string): Promise<void> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking an address needs a unit of work');
    await this.database.em.execute(`select pg_advisory_xact_lock(hashtextextended('app_user:' || ?, 0))`, [email]);
  }

  async add(user: User): Promise<void> {
    const u = user.toSnapshot();
    await this.database.em.execute(
      `insert into app_user (id, email, name, company, password_hash, email_verified_at, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [u.id, u.email, u.name, u.company, u.passwordHash, iso(u.emailVerifiedAt), u.status, iso(u.createdAt), iso(u.updatedAt)],
      'run',
    );
  }

  async save(user: User): Promise<void> {
    const u = user.toSnapshot();
    await this.database.em.execute(
      'update app_user set name = ?, company = ?, password_hash = ?, email_verified_at = ?, status = ?, updated_at = ? where id = ?',
      [u.name, u.company, u.passwordHash, iso(u.emailVerifiedAt), u.status, iso(u.updatedAt), u.id],
      'run',
    );
  }

  findById(id: string): Promise<User | undefined> {
    return this.one(`${SELECT} where id = ?`, [id]);
  }

  findByEmail(email: string): Promise<User | undefined> {
    return this.one(`${SELECT} where email = ?`, [email]);
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.em.execute<UserRow[]>(`${SELECT} where id = any (array(select jsonb_array_elements_text(?::jsonb)))`, [JSON.stringify(ids)]);
    return rows.map(fromRow);
  }

  /** A scan of `app_user` (no index serves a substring): the operator's occasional search. */
  async search(text: string, limit: number): Promise<User[]> {
    const pattern = `%${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
    const rows = await this.database.em.execute<UserRow[]>(`${SELECT} where email ilike ? or name ilike ? order by created_at desc, id desc limit ?`, [pattern, pattern, limit]);
    return rows.map(fromRow);
  }

  lock(id: string): Promise<User | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a user needs a unit of work');
    return this.one(`${SELECT} where id = ? for update`, [id]);
  }

  private async one(sql: string, values: unknown[]): Promise<User | undefined> {
    const rows = await this.database.em.execute<UserRow[]>(sql, values);
    return rows[0] && fromRow(rows[0]);
  }
}
