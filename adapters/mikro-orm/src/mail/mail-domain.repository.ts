import type { MailDomainRepository, MailDomainSnapshot } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import { mailDomainOf, mailDomainRow } from './mail-domain-rows.ts';

/** Mail domains in `mail_domain`: one statement per read and write. */
export class MikroOrmMailDomainRepository implements MailDomainRepository {
  constructor(private readonly database: Database) {}

  // A second domain of the name in the account meets the unique constraint: nothing is written.
  async add(domain: MailDomainSnapshot): Promise<boolean> {
    const added = await this.database.query
      .insertInto('mail_domain')
      .values(mailDomainRow(domain))
      .onConflict((conflict) => conflict.columns(['account_id', 'name']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return added !== undefined;
  }

  // The key, selector and name never change: a new key would be a new domain.
  async save(d: MailDomainSnapshot): Promise<void> {
    const saved = await this.database.query
      .updateTable('mail_domain')
      .set({ status: d.status, record_statuses: JSON.stringify(d.recordStatuses), open_tracking: d.openTracking, click_tracking: d.clickTracking, checked_at: d.checkedAt, updated_at: d.updatedAt })
      .where('id', '=', d.id)
      .executeTakeFirst();
    if (saved.numUpdatedRows !== 1n) throw new Error(`Domain ${d.id} was never added`);
  }

  async find(accountId: string, id: string): Promise<MailDomainSnapshot | undefined> {
    const row = await this.domains().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row && mailDomainOf(row);
  }

  async findByName(accountId: string, name: string): Promise<MailDomainSnapshot | undefined> {
    const row = await this.domains().where('account_id', '=', accountId).where('name', '=', name).executeTakeFirst();
    return row && mailDomainOf(row);
  }

  async list(accountId: string): Promise<readonly MailDomainSnapshot[]> {
    return (await this.domains().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map(mailDomainOf);
  }

  async findVerified(name: string): Promise<MailDomainSnapshot | undefined> {
    const row = await this.domains().where('name', '=', name).where('status', '=', 'verified').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
    return row && mailDomainOf(row);
  }

  async verifiedElsewhere(name: string, accountId: string): Promise<boolean> {
    const row = await this.database.query.selectFrom('mail_domain').select('id').where('name', '=', name).where('status', '=', 'verified').where('account_id', '<>', accountId).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('mail_domain').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }

  private domains() {
    return this.database.query.selectFrom('mail_domain').selectAll();
  }
}
