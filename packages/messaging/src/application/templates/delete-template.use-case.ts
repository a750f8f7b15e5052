import { atomically, err, ok, ResultAsync, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import { templateNotFound } from '../../domain/templates/template-errors.ts';
import type { TemplateRepository } from './template.repository.port.ts';

/** Deletes one of the account's templates; another account's template is `not_found`. */
export class DeleteTemplate {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(input: { readonly accountId: string; readonly id: number }): ResultAsync<void, NotFoundError> {
    return atomically(this.unitOfWork, async () =>
      (await this.templates.delete(input.accountId, input.id)) ? ok(undefined) : err(templateNotFound(input.id)),
    );
  }
}
