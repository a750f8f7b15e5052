import type { Selectable } from 'kysely';
import type { Suppression, SuppressionList, SuppressionQuery } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import type { MailSuppressionTable } from '../database/tables.ts';
import { anyOf } from '../database/bound-texts.ts';

const suppressionOf = (row: Selectable<MailSuppressionTable>): Suppression => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  reason: row.reason as Suppression['reason'],
  emailId: row.email_id,
  detail: row.detail,
  createdAt: new Date(row.created_at),
});

/** The suppression lists in `mail_suppression`, an address once per account: one statement per read and write. */
export class MikroOrmSuppressionList implements SuppressionList {
  constructor(private readonly database: Database) {}

  async add(s: Suppression): Promise<boolean> {
    const added = await this.database.query
      .insertInto('mail_suppression')
      .values({ id: s.id, account_id: s.accountId, email: s.email, reason: s.reason, email_id: s.emailId, detail: s.detail, created_at: s.createdAt })
      .onConflict((conflict) => conflict.columns(['account_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return added !== undefined;
  }

  async suppressed(accountId: string, emails: readonly string[]): Promise<ReadonlySet<string>> {
    if (emails.length === 0) return new Set();
    // The addresses travel as JSON: how a JS array binds differs between pg and the PGlite dialect, text does not.
    const rows = await this.database.query
      .selectFrom('mail_suppression')
      .select('email')
      .where('account_id', '=', accountId)
      .where('email', '=', anyOf(emails))
      .execute();
    return new Set(rows.map((row) => row.email));
  }

  async list(query: SuppressionQuery): Promise<readonly Suppression[]> {
    const rows = await this.database.query
      .selectFrom('mail_suppression')
      .selectAll()
      .where('account_id', '=', query.accountId)
      .$if(query.after !== undefined, (select) => select.where('id', '<', query.after!))
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset ?? 0)
      .execute();
    return rows.map(suppressionOf);
  }

  async remove(accountId: string, email: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('mail_suppression').where('account_id', '=', accountId).where('email', '=', email).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }
}
