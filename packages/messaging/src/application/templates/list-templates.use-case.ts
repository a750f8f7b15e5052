import { checkLimit, ResultAsync, type ValidationError } from '@tuma/kernel';
import { TEMPLATE_LIST_DEFAULT_LIMIT, TEMPLATE_LIST_MAX_LIMIT, type Template } from '../../domain/templates/template.aggregate.ts';
import type { TemplateRepository } from './template.repository.port.ts';

export interface ListTemplatesInput {
  readonly accountId: string;
  /** 1 to 500; 200 when absent. */
  readonly limit?: number;
}

/** The account's templates, newest first. */
export class ListTemplates {
  constructor(private readonly templates: TemplateRepository) {}

  execute(input: ListTemplatesInput): ResultAsync<readonly Template[], ValidationError> {
    const limit = input.limit ?? TEMPLATE_LIST_DEFAULT_LIMIT;
    return checkLimit(limit, TEMPLATE_LIST_MAX_LIMIT).asyncAndThen((checked) => ResultAsync.fromSafePromise(this.templates.list(input.accountId, checked)));
  }
}
