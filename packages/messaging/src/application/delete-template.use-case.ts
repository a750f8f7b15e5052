import { errAsync, okAsync, ResultAsync, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import { templateNotFound } from '../domain/templates/template-errors.ts';
import type { TemplateRepository } from '../domain/templates/template.repository.port.ts';

/** Deletes one of the account's templates; another account's template is `not_found`. */
export class DeleteTemplate {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(input: { readonly accountId: string; readonly id: number }): ResultAsync<void, NotFoundError> {
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.templates.delete(input.accountId, input.id)).andThen((deleted) =>
        deleted ? okAsync(undefined) : errAsync(templateNotFound(input.id)),
      ),
    );
  }
}
