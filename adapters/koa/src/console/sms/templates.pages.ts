import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { templateView, type TemplateUseCases } from '../../apis/sms/templates.routes.ts';
import { refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { templateEditView, templatesView } from './template-views.ts';
import { href } from '../layout/view-context.ts';

/** A template's refusal: a name another template has is said next to the name (409, as the API answers). */
function templateRefusal(error: Parameters<typeof refusal>[0]): ReturnType<typeof refusal> {
  const refused = refusal(error);
  return error.type === 'conflict' ? { status: refused.status, errors: { fields: { name: error.message } } } : refused;
}

/** SMS › Templates: the account's message templates, listed for every member, created, edited and deleted by builders; the `/api/templates` use cases. */
export function templatePages(useCases: TemplateUseCases): ConsolePage[] {
  const render = async (request: MemberRequest, status: number, extra: { values?: { name: string; text: string }; errors?: Parameters<typeof templatesView>[2]['errors'] } = {}) => {
    const templates = unwrap(await useCases.listTemplates.execute({ accountId: request.member.accountId })).map(templateView);
    return html(status, templatesView(request.view, templates, { canWrite: BUILDERS.includes(request.member.role), ...extra }));
  };
  const findTemplate = async (request: MemberRequest) => {
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return unwrap(await useCases.listTemplates.execute({ accountId: request.member.accountId })).find((template) => template.id === id);
  };
  const notFound = () => new HttpError(404, 'not_found', 'There is no such template in this account.');
  return [
    {
      method: 'get',
      path: '/sms/templates/:id',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const template = await findTemplate(request);
        if (!template) throw notFound();
        return html(200, templateEditView(request.view, templateView(template), { name: template.name, text: template.text }));
      },
    },
    {
      method: 'post',
      path: '/sms/templates/:id',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const template = await findTemplate(request);
        if (!template) throw notFound();
        const values = { name: request.form.get('name') ?? '', text: request.form.get('text') ?? '' };
        const updated = await useCases.updateTemplate.execute({ accountId: request.member.accountId, id: template.id, ...values });
        if (updated.isErr()) {
          const { status, errors } = templateRefusal(updated.error);
          return html(status, templateEditView(request.view, templateView(template), values, errors));
        }
        request.session.flash({ kind: 'info', text: `Template "${updated.value.name}" saved.` });
        return redirect(href(request.view, '/sms/templates'));
      },
    },
    { method: 'get', path: '/sms/templates', visitor: 'member', section: 'sms-templates', handle: (request) => render(request, 200) },
    {
      method: 'post',
      path: '/sms/templates',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const values = { name: request.form.get('name') ?? '', text: request.form.get('text') ?? '' };
        const created = await useCases.createTemplate.execute({ accountId: request.member.accountId, ...values });
        if (created.isErr()) {
          const { status, errors } = templateRefusal(created.error);
          return render(request, status, { values, errors });
        }
        request.session.flash({ kind: 'info', text: `Template "${created.value.name}" saved.` });
        return redirect(href(request.view, '/sms/templates'));
      },
    },
    {
      method: 'post',
      path: '/sms/templates/:id/delete',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const id = Number(request.params.id);
        const deleted = Number.isSafeInteger(id) && id > 0 ? await useCases.deleteTemplate.execute({ accountId: request.member.accountId, id }) : undefined;
        if (!deleted || deleted.isErr()) return render(request, 404, { errors: { fields: {}, form: 'There is no such template in this account.' } });
        request.session.flash({ kind: 'info', text: 'Template deleted.' });
        return redirect(href(request.view, '/sms/templates'));
      },
    },
  ];
}
