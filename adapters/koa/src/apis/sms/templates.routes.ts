import {
  TEMPLATE_LIST_DEFAULT_LIMIT,
  TEMPLATE_LIST_MAX_LIMIT,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_TEXT_MAX_LENGTH,
  type CreateTemplate,
  type DeleteTemplate,
  type ListTemplates,
  type Template,
  type UpdateTemplate,
} from '@tuma/messaging';
import { z } from 'zod';
import { positiveIdParam } from '../../http/id-param.ts';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export interface TemplateUseCases {
  readonly listTemplates: ListTemplates;
  readonly createTemplate: CreateTemplate;
  readonly updateTemplate: UpdateTemplate;
  readonly deleteTemplate: DeleteTemplate;
}

const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  text: z.string().describe('With {{variable}} placeholders'),
  created_at: z.string(),
  updated_at: z.string(),
});

export const templateView = (template: Template): z.infer<typeof templateSchema> => ({
  id: template.id,
  name: template.name,
  text: template.text,
  created_at: template.createdAt.toISOString(),
  updated_at: template.updatedAt.toISOString(),
});

/** Lengths are counted in characters (code points) by the domain, which names every bad field. */
const templateBody = z.strictObject({
  name: z.string().describe(`1 to ${TEMPLATE_NAME_MAX_LENGTH} characters, trimmed; unique per account in any case`),
  text: z.string().describe(`1 to ${TEMPLATE_TEXT_MAX_LENGTH} characters, not blank; {{variable}} placeholders`),
});

const templateParams = z.object({ id: positiveIdParam('template id') });

/** Templates are account configuration without live data: every key reads them, live keys change them (as sender IDs). */
const READ = { anyScope: ['query', 'send'] } as const;
const WRITE = { anyScope: ['send'], liveKeysOnly: true } as const;
const NOT_YOURS = { description: 'No template with this id in the account' };
const NAME_TAKEN = { description: 'The account has another template of this name' };

/** The account's message templates: `GET/POST /api/templates`, `PATCH/DELETE /api/templates/{id}`. */
export function templateRoutes(useCases: TemplateUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/templates',
      summary: 'The templates, newest first',
      tag: 'Templates',
      access: READ,
      query: z.object({ limit: z.coerce.number().int().min(1).max(TEMPLATE_LIST_MAX_LIMIT).default(TEMPLATE_LIST_DEFAULT_LIMIT) }),
      responses: { 200: { description: 'At most `limit` templates', schema: z.object({ templates: z.array(templateSchema) }) } },
      handler: async ({ principal, query }) => {
        const templates = unwrap(await useCases.listTemplates.execute({ accountId: principal.account.id, limit: query.limit }));
        return json(200, { templates: templates.map(templateView) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/templates',
      summary: 'Store a template',
      tag: 'Templates',
      access: WRITE,
      body: templateBody,
      responses: { 201: { description: 'The template', schema: templateSchema }, 409: NAME_TAKEN },
      handler: async ({ principal, body }) => {
        const result = await useCases.createTemplate.execute({ accountId: principal.account.id, name: body.name, text: body.text });
        return json(201, templateView(unwrap(result)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/api/templates/:id',
      summary: "Replace a template's name and text",
      tag: 'Templates',
      access: WRITE,
      params: templateParams,
      body: templateBody,
      responses: { 200: { description: 'The template as changed', schema: templateSchema }, 404: NOT_YOURS, 409: NAME_TAKEN },
      handler: async ({ principal, params, body }) => {
        const result = await useCases.updateTemplate.execute({ accountId: principal.account.id, id: params.id, name: body.name, text: body.text });
        return json(200, templateView(unwrap(result)));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/templates/:id',
      summary: 'Delete a template',
      tag: 'Templates',
      access: WRITE,
      params: templateParams,
      responses: { 204: { description: 'Deleted' }, 404: NOT_YOURS },
      handler: async ({ principal, params }) => {
        unwrap(await useCases.deleteTemplate.execute({ accountId: principal.account.id, id: params.id }));
        return noContent();
      },
    }),
  ];
}
