import { sql, type Selectable } from 'kysely';
import type { OptOut, OptOutAddition, OptOutList, OptOutOrigin, OptOutSource } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import type { OptOutTable } from '../database/tables.ts';
import { anyOf } from '../database/bound-texts.ts';

const toDomain = (row: Selectable<OptOutTable>): OptOut => ({
  accountId: row.account_id,
  phone: row.phone,
  source: row.source as OptOutSource,
  keyword: row.keyword,
  createdAt: new Date(row.created_at),
});

/** A number removed between our insert and our read is re-added; this many rounds is a bug. */
const ADD_ATTEMPTS = 3;

/** Opt-out lists in the `opt_out` table, keyed by (account, number). */
export class MikroOrmOptOutList implements OptOutList {
  constructor(private readonly database: Database) {}

  async isOptedOut(accountId: string, phone: string): Promise<boolean> {
    const row = await this.database.query.selectFrom('opt_out').select('phone').where('account_id', '=', accountId).where('phone', '=', phone).executeTakeFirst();
    return row !== undefined;
  }

  /** One statement, one parameter (the numbers as a JSON array), however many numbers. */
  async optedOutAmong(accountId: string, phones: readonly string[]): Promise<ReadonlySet<string>> {
    const distinct = [...new Set(phones)];
    if (distinct.length === 0) return new Set();
    const { rows } = await sql<Pick<Selectable<OptOutTable>, 'phone'>>`
      select o.phone from opt_out o
      where o.account_id = ${accountId} and o.phone = ${anyOf(distinct)}`.execute(this.database.query);
    return new Set(rows.map((row) => row.phone));
  }

  /**
   * Two statements: the insert (unless the number is listed: the primary key decides, even against
   * a concurrent add), then a read of what is stored. The read must be a statement of its own:
   * after `on conflict` waited for a concurrent add to commit, only a new statement sees that row.
   */
  async add(accountId: string, phone: string, origin: OptOutOrigin, at: Date): Promise<OptOutAddition> {
    for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt++) {
      const inserted = await this.database.query
        .insertInto('opt_out')
        .values({ account_id: accountId, phone, source: origin.source, keyword: origin.keyword, created_at: at })
        .onConflict((oc) => oc.columns(['account_id', 'phone']).doNothing())
        .returning('phone')
        .execute();
      const stored = await this.database.query.selectFrom('opt_out').selectAll().where('account_id', '=', accountId).where('phone', '=', phone).executeTakeFirst();
      if (stored) return { optOut: toDomain(stored), added: inserted.length === 1 };
    }
    throw new Error(`Opt-out of ${phone} for ${accountId} vanished ${ADD_ATTEMPTS} times right after it was added`);
  }

  async remove(accountId: string, phone: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('opt_out').where('account_id', '=', accountId).where('phone', '=', phone).executeTakeFirst();
    return removed.numDeletedRows > 0n;
  }

  async list(accountId: string, limit: number): Promise<readonly OptOut[]> {
    const rows = await this.database.query
      .selectFrom('opt_out')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('phone', 'asc')
      .limit(limit)
      .execute();
    return rows.map(toDomain);
  }
}
