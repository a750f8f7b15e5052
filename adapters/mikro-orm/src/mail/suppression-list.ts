import type { Suppression, SuppressionList, SuppressionQuery } from '@tuma/mail';
import type { Database } from '../database/database.ts';

interface SuppressionRow {
  readonly id: string;
  readonly account_id: string;
  readonly email: string;
  readonly reason: Suppression['reason'];
  readonly email_id: string | null;
  readonly detail: string | null;
  readonly created_at: string;
}

const COLUMNS = 'id, account_id, email, reason, email_id, detail, created_at::text as created_at';

const fromRow = (row: SuppressionRow): Suppression => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  reason: row.reason,
  emailId: row.email_id,
  detail: row.detail,
  createdAt: new Date(row.created_at),
});

/** The suppression lists in `mail_suppression`, an address once per account: one statement per read and write. */
export class MikroOrmSuppressionList implements SuppressionList {
  constructor(private readonly database: Database) {}

  async add(s: Suppression): Promise<boolean> {
    const added = await this.database.em.execute<{ id: string }[]>(
      `insert into mail_suppression (id, account_id, email, reason, email_id, detail, created_at) values (?, ?, ?, ?, ?, ?, ?::timestamptz)
        on conflict (account_id, email) do nothing returning id`,
      [s.id, s.accountId, s.email, s.reason, s.emailId, s.detail, s.createdAt.toISOString()],
    );
    return added.length === 1;
  }

  async suppressed(accountId: string, emails: readonly string[]): Promise<ReadonlySet<string>> {
    if (emails.length === 0) return new Set();
    // The addresses travel as JSON: how a JS array binds differs between pg and the PGlite dialect, text does not.
    const rows = await this.database.em.execute<{ email: string }[]>(
      'select email from mail_suppression where account_id = ? and email in (select jsonb_array_elements_text(?::jsonb))',
      [accountId, JSON.stringify(emails)],
    );
    return new Set(rows.map((row) => row.email));
  }

  async list(query: SuppressionQuery): Promise<readonly Suppression[]> {
    const after = query.after === undefined ? '' : 'and id < ?';
    const values = [query.accountId, ...(query.after === undefined ? [] : [query.after]), query.limit, query.offset ?? 0];
    const rows = await this.database.em.execute<SuppressionRow[]>(`select ${COLUMNS} from mail_suppression where account_id = ? ${after} order by id desc limit ? offset ?`, values);
    return rows.map(fromRow);
  }

  async remove(accountId: string, email: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from mail_suppression where account_id = ? and email = ? returning id', [accountId, email])).length === 1;
  }
}
