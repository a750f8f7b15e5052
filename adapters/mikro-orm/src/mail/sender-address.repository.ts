import type { Selectable } from 'kysely';
import type { SenderAddressRepository, SenderAddressSnapshot } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import type { MailSenderAddressTable } from '../database/tables.ts';

const senderAddressOf = (row: Selectable<MailSenderAddressTable>): SenderAddressSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  name: row.name,
  status: row.status as SenderAddressSnapshot['status'],
  confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at),
  createdAt: new Date(row.created_at),
});

/** Sender addresses in `mail_sender_address`, an address once per account: one statement per read and write. */
export class MikroOrmSenderAddressRepository implements SenderAddressRepository {
  constructor(private readonly database: Database) {}

  async add(a: SenderAddressSnapshot): Promise<boolean> {
    const added = await this.database.query
      .insertInto('mail_sender_address')
      .values({ id: a.id, account_id: a.accountId, email: a.email, name: a.name, status: a.status, confirmed_at: a.confirmedAt, created_at: a.createdAt })
      .onConflict((conflict) => conflict.columns(['account_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return added !== undefined;
  }

  async save(a: SenderAddressSnapshot): Promise<void> {
    const saved = await this.database.query.updateTable('mail_sender_address').set({ status: a.status, confirmed_at: a.confirmedAt }).where('id', '=', a.id).executeTakeFirst();
    if (saved.numUpdatedRows !== 1n) throw new Error(`Sender address ${a.id} was never added`);
  }

  async find(accountId: string, id: string): Promise<SenderAddressSnapshot | undefined> {
    const row = await this.addresses().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row && senderAddressOf(row);
  }

  async findByEmail(accountId: string, email: string): Promise<SenderAddressSnapshot | undefined> {
    const row = await this.addresses().where('account_id', '=', accountId).where('email', '=', email).executeTakeFirst();
    return row && senderAddressOf(row);
  }

  async list(accountId: string): Promise<readonly SenderAddressSnapshot[]> {
    return (await this.addresses().where('account_id', '=', accountId).orderBy('id', 'desc').execute()).map(senderAddressOf);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('mail_sender_address').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }

  private addresses() {
    return this.database.query.selectFrom('mail_sender_address').selectAll();
  }
}
