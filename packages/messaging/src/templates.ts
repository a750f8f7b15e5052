/** Message templates: the aggregate, `renderTemplate`, the repository port, its in-memory form and the use cases of `/api/templates`. */
export {
  Template,
  TEMPLATE_LIST_DEFAULT_LIMIT,
  TEMPLATE_LIST_MAX_LIMIT,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_TEXT_MAX_LENGTH,
  templateIssues,
  templateNameKey,
  type TemplateContent,
  type TemplateDraft,
  type TemplateSnapshot,
} from './domain/templates/template.aggregate.ts';
export { duplicateTemplateName, templateNotFound } from './domain/templates/template-errors.ts';
export { renderTemplate, templatePlaceholders, type RenderedTemplate, type TemplateVariables } from './domain/templates/render-template.ts';
export type { TemplateRepository } from './domain/templates/template.repository.port.ts';
export { InMemoryTemplateRepository } from './domain/templates/in-memory-template-repository.ts';
export { ListTemplates, type ListTemplatesInput } from './application/list-templates.use-case.ts';
export { CreateTemplate, type CreateTemplateError, type CreateTemplateInput } from './application/create-template.use-case.ts';
export { UpdateTemplate, type UpdateTemplateError, type UpdateTemplateInput } from './application/update-template.use-case.ts';
export { DeleteTemplate } from './application/delete-template.use-case.ts';
