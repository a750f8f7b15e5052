import { UniqueConstraintViolationException, type InferEntity } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
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
import { MessageTemplateRecord } from './message-template.entity.ts';

type Row = InferEntity<typeof MessageTemplateRecord>;

const toDomain = (row: Row): Template =>
  Template.rehydrate({ id: row.id, accountId: row.accountId, name: row.name, text: row.text, createdAt: row.createdAt, updatedAt: row.updatedAt });

/** A taken name makes the insert do nothing (the unique key decides, even against a concurrent insert). */
const INSERT = `
  insert into message_template (account_id, name, name_key, text, created_at, updated_at)
  values (?, ?, ?, ?, ?::timestamptz, ?::timestamptz)
  on conflict (account_id, name_key) do nothing
  returning id::text as id`;

function storedId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new Error(`Template id ${raw} is beyond what the API can carry`);
  return id;
}

/** Templates in the `message_template` table; names are unique per account by `name_key`. */
export class MikroOrmTemplateRepository implements TemplateRepository {
  constructor(private readonly database: Database) {}

  private get em(): EntityManager {
    return this.database.em;
  }

  async insert(draft: TemplateDraft): Promise<Result<Template, ConflictError>> {
    const params = [draft.accountId, draft.name, templateNameKey(draft.name), draft.text, draft.createdAt.toISOString(), draft.updatedAt.toISOString()];
    const [row] = await this.em.execute<{ id: string }[]>(INSERT, params);
    return row ? ok(Template.rehydrate({ ...draft, id: storedId(row.id) })) : err(duplicateTemplateName(draft.name));
  }

  /**
   * In a transaction of its own, or a savepoint inside the caller's: a name clash fails the
   * statement, and only the savepoint is lost, not the caller's transaction.
   */
  async update(template: Template): Promise<Result<Template, ConflictError | NotFoundError>> {
    const { id, accountId, name, text, updatedAt } = template.toSnapshot();
    let changed: number;
    try {
      changed = await this.em.transactional((em) =>
        em.nativeUpdate(MessageTemplateRecord, { id, accountId }, { name, nameKey: templateNameKey(name), text, updatedAt }),
      );
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      return err(duplicateTemplateName(name));
    }
    if (changed === 0) return err(templateNotFound(id));
    const stored = await this.find(accountId, id);
    return stored ? ok(stored) : err(templateNotFound(id));
  }

  async find(accountId: string, id: number): Promise<Template | undefined> {
    const row = await this.em.findOne(MessageTemplateRecord, { id, accountId }, { refresh: true });
    return row ? toDomain(row) : undefined;
  }

  async list(accountId: string, limit: number): Promise<readonly Template[]> {
    const rows = await this.em.find(MessageTemplateRecord, { accountId }, { orderBy: { id: 'desc' }, limit, refresh: true });
    return rows.map(toDomain);
  }

  async delete(accountId: string, id: number): Promise<boolean> {
    return (await this.em.nativeDelete(MessageTemplateRecord, { id, accountId })) > 0;
  }
}
