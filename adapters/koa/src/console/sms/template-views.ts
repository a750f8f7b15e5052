import { escapeHtml as e } from '../../http/html.ts';
import type { templateView } from '../../apis/sms/templates.routes.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type TemplateRow = ReturnType<typeof templateView>;

export function templatesView(view: ViewContext, templates: readonly TemplateRow[], options: { canWrite: boolean; values?: { name: string; text: string }; errors?: FormErrors }): string {
  const errors = options.errors ?? NO_ERRORS;
  const list = table(
    'Message templates',
    [
      { header: 'Name', cell: (template) => e(template.name) },
      { header: 'Text', cell: (template) => e(template.text) },
      { header: 'Updated', cell: (template) => time(template.updated_at) },
      ...(options.canWrite
        ? [{ header: 'Action', cell: (template: TemplateRow) => `<a href="${href(view, `/sms/templates/${template.id}`)}" aria-label="Edit template ${e(template.name)}">Edit</a> ` + buttonForm(view, href(view, `/sms/templates/${template.id}/delete`), 'Delete', { danger: true, accessibleName: `Delete template ${template.name}` }) }]
        : []),
    ],
    templates,
    'No templates yet.',
  );
  const create = options.canWrite
    ? `<section class="card" aria-labelledby="new-template"><h2 id="new-template">New template</h2>
${form(
  view,
  href(view, '/sms/templates'),
  [
    field({ name: 'name', label: 'Name', value: options.values?.name, required: true }, errors),
    field({ name: 'text', label: 'Text', value: options.values?.text, required: true, multiline: true, hint: 'Use {{variable}} placeholders, filled per recipient in bulk sends.' }, errors),
  ].join('\n'),
  'Save template',
  errors,
)}
</section>`
    : '';
  return consolePage(view, 'Templates', 'sms-templates', `<section class="card">${list}</section>\n${create}`);
}

/** A template's edit form: its name and text, saved with the API's `UpdateTemplate`. */
export function templateEditView(view: ViewContext, template: TemplateRow, values: { name: string; text: string }, errors: FormErrors = NO_ERRORS): string {
  const body = [
    field({ name: 'name', label: 'Name', value: values.name, required: true }, errors),
    field({ name: 'text', label: 'Text', value: values.text, required: true, multiline: true, hint: 'Use {{variable}} placeholders, filled per recipient in bulk sends.' }, errors),
  ].join('\n');
  return consolePage(
    view,
    `Edit template ${template.name}`,
    'sms-templates',
    `<section class="card">${form(view, href(view, `/sms/templates/${template.id}`), body, 'Save changes', errors)}
<p><a href="${href(view, '/sms/templates')}">Back to the templates</a></p></section>`,
  );
}
