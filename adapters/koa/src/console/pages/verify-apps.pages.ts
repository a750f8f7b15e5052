import { VERIFY_APP_LIMITS as L, type VerifyApps } from '@tuma/verification';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { verifyAppView } from '../../routes/verify-views.ts';
import { refusal, type fieldRefusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { verifyAppsView, type VerifyAppValues } from '../views/verify-app-views.ts';
import { href } from '../views/view-context.ts';

const APP_ID = /^vera_[0-9A-Z]{26}$/;

/** What the API's schema checks before the use case (lengths, the code length's range), said next to each field. */
function checked(values: VerifyAppValues): ReturnType<typeof fieldRefusal> | undefined {
  const fields: Record<string, string> = {};
  const name = values.name.trim();
  if (name.length < L.name.min || name.length > L.name.max) fields.name = `${L.name.min} to ${L.name.max} characters`;
  if (values.brand.length < L.brand.min || values.brand.length > L.brand.max) fields.brand = `${L.brand.min} to ${L.brand.max} characters`;
  if (values.template.length === 0 || values.template.length > L.template.max) fields.template = `1 to ${L.template.max} characters`;
  const codeLength = Number(values.code_length);
  if (!Number.isInteger(codeLength) || codeLength < L.codeLength.min || codeLength > L.codeLength.max) fields.code_length = `A whole number from ${L.codeLength.min} to ${L.codeLength.max}`;
  return Object.keys(fields).length > 0 ? { status: 422, errors: { fields } } : undefined;
}

/** Verify › Verify apps: the account's apps (brand, template, code), created and deleted by builders; the `/v1/verify/apps` use cases. */
export function verifyAppPages(apps: VerifyApps): ConsolePage[] {
  const render = async (request: MemberRequest, status: number, extra: { values?: VerifyAppValues; errors?: Parameters<typeof verifyAppsView>[2]['errors'] } = {}) =>
    html(status, verifyAppsView(request.view, unwrap(await apps.list(request.member.accountId)).map(verifyAppView), { canWrite: BUILDERS.includes(request.member.role), ...extra }));
  return [
    { method: 'get', path: '/verify/apps', visitor: 'member', section: 'verify-apps', handle: (request) => render(request, 200) },
    {
      method: 'post',
      path: '/verify/apps',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const values: VerifyAppValues = {
          name: request.form.get('name') ?? '',
          brand: request.form.get('brand') ?? '',
          template: request.form.get('template') ?? '',
          code_length: request.form.get('code_length') ?? '',
        };
        const refused = checked(values);
        if (refused) return render(request, refused.status, { values, errors: refused.errors });
        const created = await apps.create(request.member.accountId, { name: values.name.trim(), brand: values.brand, template: values.template, codeLength: Number(values.code_length), policy: {} });
        if (created.isErr()) {
          const { status, errors } = refusal(created.error, { codeLength: 'code_length' });
          return render(request, status, { values, errors });
        }
        request.session.flash({ kind: 'info', text: `Verify app ${created.value.name} created: its id is ${created.value.id}.` });
        return redirect(href(request.view, '/verify/apps'));
      },
    },
    {
      method: 'post',
      path: '/verify/apps/:id/delete',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const id = request.params.id!;
        if (!APP_ID.test(id) || (await apps.delete(request.member.accountId, id)).isErr()) throw new HttpError(404, 'not_found', 'There is no such Verify app in this account.');
        request.session.flash({ kind: 'info', text: 'Verify app deleted.' });
        return redirect(href(request.view, '/verify/apps'));
      },
    },
  ];
}
