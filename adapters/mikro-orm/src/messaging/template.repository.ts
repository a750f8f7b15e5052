import type { Selectable } from 'kysely';
import { err, ok, type ConflictError, type NotFoundError, type Result } from '@tuma/kernel';
import {
  duplicateTemplateName,
  Template,
  templateNameKey,
  templateNotFound,
  type TemplateDraft,
  type TemplateRepository,
} from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import type { MessageTemplateTable } from '../database/tables.ts';
import { isUniqueViolation } from '../database/unique-violation.ts';

function storedId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new Error(`Template id ${raw} is beyond what the API can carry`);
  return id;
}

const toDomain = (row: Selectable<MessageTemplateTable>): Template =>
  Template.rehydrate({
    id: storedId(row.id),
    accountId: row.account_id,
    name: row.name,
    text: row.text,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });

/** Templates in the `message_template` table; names are unique per account by `name_key` (`templateNameKey(name)`). */
export class MikroOrmTemplateRepository implements TemplateRepository {
  constructor(private readonly database: Database) {}

  /** A taken name makes the insert do nothing (the unique key decides, even against a concurrent insert). */
  async insert(draft: TemplateDraft): Promise<Result<Template, ConflictError>> {
    const row = await this.database.query
      .insertInto('message_template')
      .values({ account_id: draft.accountId, name: draft.name, name_key: templateNameKey(draft.name), text: draft.text, created_at: draft.createdAt, updated_at: draft.updatedAt })
      .onConflict((oc) => oc.columns(['account_id', 'name_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? ok(Template.rehydrate({ ...draft, id: storedId(row.id) })) : err(duplicateTemplateName(draft.name));
  }

  /**
   * In a transaction of its own, or a savepoint inside the caller's: a name clash fails the
   * statement, and only the savepoint is lost, not the caller's transaction.
   */
  async update(template: Template): Promise<Result<Template, ConflictError | NotFoundError>> {
    const { id, accountId, name, text, updatedAt } = template.toSnapshot();
    let changed: bigint;
    try {
      const updated = await this.database.em.transactional(() =>
        this.database.query
          .updateTable('message_template')
          .set({ name, name_key: templateNameKey(name), text, updated_at: updatedAt })
          .where('id', '=', String(id))
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
      );
      changed = updated.numUpdatedRows;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return err(duplicateTemplateName(name));
    }
    if (changed === 0n) return err(templateNotFound(id));
    const stored = await this.find(accountId, id);
    return stored ? ok(stored) : err(templateNotFound(id));
  }

  async find(accountId: string, id: number): Promise<Template | undefined> {
    const row = await this.database.query.selectFrom('message_template').selectAll().where('id', '=', String(id)).where('account_id', '=', accountId).executeTakeFirst();
    return row && toDomain(row);
  }

  async list(accountId: string, limit: number): Promise<readonly Template[]> {
    const rows = await this.database.query.selectFrom('message_template').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toDomain);
  }

  async delete(accountId: string, id: number): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('message_template').where('id', '=', String(id)).where('account_id', '=', accountId).executeTakeFirst();
    return removed.numDeletedRows > 0n;
  }
}
