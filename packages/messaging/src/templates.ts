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
export type { TemplateRepository } from './application/templates/template.repository.port.ts';
export { ListTemplates, type ListTemplatesInput } from './application/templates/list-templates.use-case.ts';
export { CreateTemplate, type CreateTemplateError, type CreateTemplateInput } from './application/templates/create-template.use-case.ts';
export { UpdateTemplate, type UpdateTemplateError, type UpdateTemplateInput } from './application/templates/update-template.use-case.ts';
export { DeleteTemplate } from './application/templates/delete-template.use-case.ts';
