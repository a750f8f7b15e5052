import type { SmtpCredential, SmtpCredentialRepository } from '@tuma/mail';
import type { Database } from '../database/database.ts';

interface CredentialRow {
  id: string;
  account_id: string;
  name: string;
  username: string;
  password_hash: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const COLUMNS = 'id, account_id, name, username, password_hash, created_at, last_used_at';

const credentialOf = (row: CredentialRow): SmtpCredential => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  username: row.username,
  passwordHash: row.password_hash,
  createdAt: new Date(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
});

/** SMTP credentials in `smtp_credential`: the password as its SHA-256 only. */
export class MikroOrmSmtpCredentialRepository implements SmtpCredentialRepository {
  constructor(private readonly database: Database) {}

  async add(c: SmtpCredential): Promise<void> {
    await this.database.em.execute(`insert into smtp_credential (${COLUMNS}) values (?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz)`, [c.id, c.accountId, c.name, c.username, c.passwordHash, c.createdAt.toISOString(), c.lastUsedAt?.toISOString() ?? null], 'run');
  }

  async listOfAccount(accountId: string): Promise<readonly SmtpCredential[]> {
    return (await this.database.em.execute<CredentialRow[]>(`select ${COLUMNS} from smtp_credential where account_id = ? order by id desc`, [accountId])).map(credentialOf);
  }

  async findByUsername(username: string): Promise<SmtpCredential | undefined> {
    const [row] = await this.database.em.execute<CredentialRow[]>(`select ${COLUMNS} from smtp_credential where username = ?`, [username]);
    return row && credentialOf(row);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from smtp_credential where id = ? and account_id = ? returning id', [id, accountId])).length === 1;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.database.em.execute('update smtp_credential set last_used_at = ?::timestamptz where id = ?', [at.toISOString(), id], 'run');
  }
}
