import type { MailDomainRepository, MailDomainSnapshot } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import { INSERT_COLUMNS, MAIL_DOMAIN_COLUMNS, mailDomainFromRow, mailDomainValues, type MailDomainRow } from './mail-domain-rows.ts';

const PLACEHOLDERS = INSERT_COLUMNS.split(',').map((column) => (column.trim() === 'record_statuses' ? '?::jsonb' : '?')).join(', ');

// A second domain of the name in the account meets the unique constraint: nothing is written.
const ADD = `insert into mail_domain (${INSERT_COLUMNS}) values (${PLACEHOLDERS}) on conflict (account_id, name) do nothing returning id`;

// The key, selector and name never change: a new key would be a new domain.
const SAVE = `update mail_domain set status = ?, record_statuses = ?::jsonb, open_tracking = ?, click_tracking = ?, checked_at = ?::timestamptz,
  updated_at = ?::timestamptz where id = ? returning id`;

/** Mail domains in `mail_domain`: one statement per read and write. */
export class MikroOrmMailDomainRepository implements MailDomainRepository {
  constructor(private readonly database: Database) {}

  async add(domain: MailDomainSnapshot): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>(ADD, mailDomainValues(domain))).length === 1;
  }

  async save(d: MailDomainSnapshot): Promise<void> {
    const values = [d.status, JSON.stringify(d.recordStatuses), d.openTracking, d.clickTracking, d.checkedAt?.toISOString() ?? null, d.updatedAt.toISOString(), d.id];
    const saved = await this.database.em.execute<{ id: string }[]>(SAVE, values);
    if (saved.length !== 1) throw new Error(`Domain ${d.id} was never added`);
  }

  async find(accountId: string, id: string): Promise<MailDomainSnapshot | undefined> {
    return (await this.rows(`select ${MAIL_DOMAIN_COLUMNS} from mail_domain d where d.id = ? and d.account_id = ?`, [id, accountId]))[0];
  }

  async findByName(accountId: string, name: string): Promise<MailDomainSnapshot | undefined> {
    return (await this.rows(`select ${MAIL_DOMAIN_COLUMNS} from mail_domain d where d.account_id = ? and d.name = ?`, [accountId, name]))[0];
  }

  list(accountId: string): Promise<readonly MailDomainSnapshot[]> {
    return this.rows(`select ${MAIL_DOMAIN_COLUMNS} from mail_domain d where d.account_id = ? order by d.created_at desc, d.id desc`, [accountId]);
  }

  async findVerified(name: string): Promise<MailDomainSnapshot | undefined> {
    return (await this.rows(`select ${MAIL_DOMAIN_COLUMNS} from mail_domain d where d.name = ? and d.status = 'verified' order by d.created_at, d.id limit 1`, [name]))[0];
  }

  async verifiedElsewhere(name: string, accountId: string): Promise<boolean> {
    const rows = await this.database.em.execute<{ id: string }[]>(`select id from mail_domain where name = ? and status = 'verified' and account_id <> ? limit 1`, [name, accountId]);
    return rows.length > 0;
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from mail_domain where id = ? and account_id = ? returning id', [id, accountId])).length === 1;
  }

  private async rows(sql: string, values: unknown[]): Promise<MailDomainSnapshot[]> {
    return (await this.database.em.execute<MailDomainRow[]>(sql, values)).map(mailDomainFromRow);
  }
}
