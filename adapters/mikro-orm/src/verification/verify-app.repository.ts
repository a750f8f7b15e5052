import { sql } from 'kysely';
import type { VerifyAppRepository, VerifyAppSnapshot } from '@tuma/verification';
import type { Database } from '../database/database.ts';
import { appColumns, appOf, appSettings } from './verify-app-rows.ts';

/** The partial unique index's predicate, as a literal for PostgreSQL to match that index. */
const IS_DEFAULT = sql<boolean>`is_default`;

/** Verify Apps in `verify_app`; one default per account (a partial unique index). */
export class MikroOrmVerifyAppRepository implements VerifyAppRepository {
  constructor(private readonly database: Database) {}

  async add(app: VerifyAppSnapshot): Promise<void> {
    await this.database.query.insertInto('verify_app').values(appColumns(app)).execute();
  }

  async save(app: VerifyAppSnapshot): Promise<void> {
    await this.database.query.updateTable('verify_app').set(appSettings(app)).where('id', '=', app.id).where('account_id', '=', app.accountId).execute();
  }

  async find(accountId: string, id: string): Promise<VerifyAppSnapshot | undefined> {
    const row = await this.database.query.selectFrom('verify_app').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row && appOf(row);
  }

  async list(accountId: string): Promise<readonly VerifyAppSnapshot[]> {
    const rows = await this.database.query.selectFrom('verify_app').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
    return rows.map(appOf);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('verify_app').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return removed.numDeletedRows > 0n;
  }

  /** Insert-or-read in two statements: the read must see a concurrent first use's committed row. */
  async ensureDefault(draft: VerifyAppSnapshot): Promise<VerifyAppSnapshot> {
    const existing = await this.defaultOf(draft.accountId);
    if (existing) return existing;
    await this.database.query
      .insertInto('verify_app')
      .values(appColumns(draft))
      .onConflict((oc) => oc.column('account_id').where(IS_DEFAULT).doNothing())
      .execute();
    return (await this.defaultOf(draft.accountId))!;
  }

  private async defaultOf(accountId: string): Promise<VerifyAppSnapshot | undefined> {
    const row = await this.database.query.selectFrom('verify_app').selectAll().where('account_id', '=', accountId).where(IS_DEFAULT).executeTakeFirst();
    return row && appOf(row);
  }
}
