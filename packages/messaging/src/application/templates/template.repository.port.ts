import type { ConflictError, NotFoundError, Result } from '@tuma/kernel';
import type { Template, TemplateDraft } from '../../domain/templates/template.aggregate.ts';

/**
 * An account's templates. Every lookup is scoped to the account: another account's template is
 * as absent as one that never existed. Names are unique per account by `templateNameKey`, which
 * the store enforces (so two concurrent writes of one name give one success and one conflict).
 */
export interface TemplateRepository {
  /** Stores a new template under a fresh id; `conflict` when the account has a template of that name. */
  insert(draft: TemplateDraft): Promise<Result<Template, ConflictError>>;
  /**
   * Writes a revised template's name, text and `updatedAt`; `conflict` when another template of the
   * account has that name, `not_found` when it is gone.
   */
  update(template: Template): Promise<Result<Template, ConflictError | NotFoundError>>;
  find(accountId: string, id: number): Promise<Template | undefined>;
  /** Newest first (by id), at most `limit`. */
  list(accountId: string, limit: number): Promise<readonly Template[]>;
  /** False when the account has no template with this id. */
  delete(accountId: string, id: number): Promise<boolean>;
}
