import type { InferEntity } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OptOut, OptOutAddition, OptOutList, OptOutOrigin, OptOutSource } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { OptOutRecord } from './opt-out.entity.ts';

type Row = InferEntity<typeof OptOutRecord>;

const toDomain = (row: Row): OptOut => ({
  accountId: row.accountId,
  phone: row.phone,
  source: row.source as OptOutSource,
  keyword: row.keyword ?? null,
  createdAt: row.createdAt,
});

/** Inserts the entry unless the number is listed (the primary key decides, even against a concurrent add). */
const INSERT = `
  insert into opt_out (account_id, phone, source, keyword, created_at) values (?, ?, ?, ?, ?::timestamptz)
  on conflict (account_id, phone) do nothing
  returning phone`;

/** The listed numbers among a JSON array of numbers: one statement, one parameter, however many numbers. */
const LISTED_AMONG = `
  select o.phone from opt_out o
  where o.account_id = ? and o.phone = any (array(select jsonb_array_elements_text(?::jsonb)))`;

/** A number removed between our insert and our read is re-added; this many rounds is a bug. */
const ADD_ATTEMPTS = 3;

/** Opt-out lists in the `opt_out` table, keyed by (account, number). */
export class MikroOrmOptOutList implements OptOutList {
  constructor(private readonly database: Database) {}

  private get em(): EntityManager {
    return this.database.em;
  }

  async isOptedOut(accountId: string, phone: string): Promise<boolean> {
    return (await this.em.count(OptOutRecord, { accountId, phone })) > 0;
  }

  async optedOutAmong(accountId: string, phones: readonly string[]): Promise<ReadonlySet<string>> {
    const distinct = [...new Set(phones)];
    if (distinct.length === 0) return new Set();
    const rows = await this.em.execute<{ phone: string }[]>(LISTED_AMONG, [accountId, JSON.stringify(distinct)]);
    return new Set(rows.map((row) => row.phone));
  }

  /**
   * Two statements: the insert, then a read of what is stored. The read must be a statement of
   * its own: after `on conflict` waited for a concurrent add to commit, only a new statement sees
   * that row.
   */
  async add(accountId: string, phone: string, origin: OptOutOrigin, at: Date): Promise<OptOutAddition> {
    for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt++) {
      const inserted = await this.em.execute<{ phone: string }[]>(INSERT, [accountId, phone, origin.source, origin.keyword, at.toISOString()]);
      const stored = await this.em.findOne(OptOutRecord, { accountId, phone }, { refresh: true });
      if (stored) return { optOut: toDomain(stored), added: inserted.length === 1 };
    }
    throw new Error(`Opt-out of ${phone} for ${accountId} vanished ${ADD_ATTEMPTS} times right after it was added`);
  }

  async remove(accountId: string, phone: string): Promise<boolean> {
    return (await this.em.nativeDelete(OptOutRecord, { accountId, phone })) > 0;
  }

  async list(accountId: string, limit: number): Promise<readonly OptOut[]> {
    const rows = await this.em.find(OptOutRecord, { accountId }, { orderBy: { createdAt: 'desc', phone: 'asc' }, limit, refresh: true });
    return rows.map(toDomain);
  }
}
