import { atomically, errAsync, ResultAsync, type Clock, type ConflictError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { Template, type TemplateContent } from '../../domain/templates/template.aggregate.ts';
import type { TemplateRepository } from './template.repository.port.ts';

export interface CreateTemplateInput extends TemplateContent {
  readonly accountId: string;
}

export type CreateTemplateError = ValidationError | ConflictError;

/** Stores a new template; its name must be new to the account (in any case). */
export class CreateTemplate {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateTemplateInput): ResultAsync<Template, CreateTemplateError> {
    const draft = Template.draft(input, this.clock.now());
    if (draft.isErr()) return errAsync(draft.error);
    return atomically(this.unitOfWork, () => this.templates.insert(draft.value));
  }
}
