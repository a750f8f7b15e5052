import { err, ok, type ConflictError, type NotFoundError, type Result } from '@tuma/kernel';
import { UndoableMap } from '@tuma/kernel/testing';
import { duplicateTemplateName, templateNotFound } from '../domain/templates/template-errors.ts';
import type { TemplateRepository } from '../application/templates/template.repository.port.ts';
import { Template, templateNameKey, type TemplateDraft, type TemplateSnapshot } from '../domain/templates/template.aggregate.ts';

/** Templates held in memory: for embedding the core and for tests. Ids count up from 1 across accounts. */
export class InMemoryTemplateRepository implements TemplateRepository {
  private readonly rows = new UndoableMap<number, TemplateSnapshot>();
  private lastId = 0;

  async insert(draft: TemplateDraft): Promise<Result<Template, ConflictError>> {
    if (this.nameTaken(draft.accountId, draft.name)) return err(duplicateTemplateName(draft.name));
    const snapshot: TemplateSnapshot = { ...draft, id: ++this.lastId };
    this.rows.set(snapshot.id, snapshot);
    return ok(Template.rehydrate(snapshot));
  }

  async update(template: Template): Promise<Result<Template, ConflictError | NotFoundError>> {
    const stored = this.rows.get(template.id);
    if (!stored || stored.accountId !== template.accountId) return err(templateNotFound(template.id));
    if (this.nameTaken(template.accountId, template.name, template.id)) return err(duplicateTemplateName(template.name));
    const snapshot = { ...stored, name: template.name, text: template.text, updatedAt: template.updatedAt };
    this.rows.set(template.id, snapshot);
    return ok(Template.rehydrate(snapshot));
  }

  async find(accountId: string, id: number): Promise<Template | undefined> {
    const row = this.rows.get(id);
    return row && row.accountId === accountId ? Template.rehydrate(row) : undefined;
  }

  async list(accountId: string, limit: number): Promise<readonly Template[]> {
    return [...this.rows.values()]
      .filter((row) => row.accountId === accountId)
      .sort((a, b) => b.id - a.id)
      .slice(0, limit)
      .map((row) => Template.rehydrate(row));
  }

  async delete(accountId: string, id: number): Promise<boolean> {
    const row = this.rows.get(id);
    return row !== undefined && row.accountId === accountId && this.rows.delete(id);
  }

  private nameTaken(accountId: string, name: string, exceptId?: number): boolean {
    const key = templateNameKey(name);
    return [...this.rows.values()].some((row) => row.accountId === accountId && row.id !== exceptId && templateNameKey(row.name) === key);
  }
}
