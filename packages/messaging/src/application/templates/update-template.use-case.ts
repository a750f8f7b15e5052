import { atomically, err, ResultAsync, type Clock, type ConflictError, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { templateNotFound } from '../../domain/templates/template-errors.ts';
import type { Template, TemplateContent } from '../../domain/templates/template.aggregate.ts';
import type { TemplateRepository } from './template.repository.port.ts';

export interface UpdateTemplateInput extends TemplateContent {
  readonly accountId: string;
  readonly id: number;
}

export type UpdateTemplateError = ValidationError | NotFoundError | ConflictError;

/**
 * Replaces a template's name and text. Another account's template is `not_found`, like a missing
 * one; a name another template of the account has is a `conflict`.
 */
export class UpdateTemplate {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: UpdateTemplateInput): ResultAsync<Template, UpdateTemplateError> {
    return atomically<Template, UpdateTemplateError>(this.unitOfWork, async () => {
      const template = await this.templates.find(input.accountId, input.id);
      if (!template) return err(templateNotFound(input.id));
      const revised = template.revise(input, this.clock.now());
      return revised.isErr() ? err(revised.error) : this.templates.update(revised.value);
    });
  }
}
