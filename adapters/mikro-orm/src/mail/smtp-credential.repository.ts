import type { Selectable } from 'kysely';
import type { SmtpCredential, SmtpCredentialRepository } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import type { SmtpCredentialTable } from '../database/tables.ts';

const credentialOf = (row: Selectable<SmtpCredentialTable>): SmtpCredential => ({
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
    await this.database.query
      .insertInto('smtp_credential')
      .values({ id: c.id, account_id: c.accountId, name: c.name, username: c.username, password_hash: c.passwordHash, created_at: c.createdAt, last_used_at: c.lastUsedAt })
      .execute();
  }

  async listOfAccount(accountId: string): Promise<readonly SmtpCredential[]> {
    const rows = await this.database.query.selectFrom('smtp_credential').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').execute();
    return rows.map(credentialOf);
  }

  async findByUsername(username: string): Promise<SmtpCredential | undefined> {
    const row = await this.database.query.selectFrom('smtp_credential').selectAll().where('username', '=', username).executeTakeFirst();
    return row && credentialOf(row);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('smtp_credential').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.database.query.updateTable('smtp_credential').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
