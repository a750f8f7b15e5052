import { unwrap } from '../../http/unwrap.ts';
import { verifyAppBody, verifyAppChangesOf, type VerifyAppUseCases } from '../../apis/verify/apps.routes.ts';
import { verifyAppView } from '../../apis/verify/verify-views.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import type { FormErrors } from '../layout/form.ts';
import { NUMBER_SETTINGS, SETTING_NAMES, verifyAppDetailView, verifyAppsView, type VerifyAppValues } from './verify-views.ts';
import { href } from '../layout/view-context.ts';

/** The form as typed, and as the API's body would carry it (empty fields left out, numbers as numbers, countries as a list). */
function appForm(form: URLSearchParams): { values: VerifyAppValues; body: Record<string, unknown> } {
  const values = Object.fromEntries(SETTING_NAMES.map((name) => [name, (form.get(name) ?? '').trim()])) as VerifyAppValues;
  const body: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const value = values[name];
    if (!value) continue;
    if (NUMBER_SETTINGS.includes(name)) body[name] = Number(value);
    else if (name === 'allowed_countries') body[name] = value.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean);
    else body[name] = value;
  }
  return { values, body };
}

/** Verify › Apps: the account's Verify apps listed, created and their settings changed or deleted; the Verify API's app use cases and body schema. */
export function verifyPages(apps: VerifyAppUseCases): ConsolePage[] {
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const account = (request: MemberRequest) => request.member.accountId;
  const renderList = async (request: MemberRequest, status: number, values?: VerifyAppValues, errors?: FormErrors) =>
    html(status, verifyAppsView(request.view, { apps: unwrap(await apps.listVerifyApps.execute(account(request))).map(verifyAppView), canWrite: canWrite(request), ...(values ? { values } : {}), ...(errors ? { errors } : {}) }));
  const renderApp = async (request: MemberRequest, status: number, values?: VerifyAppValues, errors?: FormErrors) =>
    html(status, verifyAppDetailView(request.view, { app: verifyAppView(unwrap(await apps.getVerifyApp.execute({ accountId: account(request), id: request.params.id! }))), canWrite: canWrite(request), ...(values ? { values } : {}), ...(errors ? { errors } : {}) }));
  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  return [
    page('get', '/verify/apps', (request) => renderList(request, 200), { section: 'verify-apps' }),
    page(
      'post',
      '/verify/apps',
      async (request) => {
        const { values, body } = appForm(request.form);
        const checked = checkedBy(verifyAppBody, body);
        if (!checked.ok) return renderList(request, checked.status, values, checked.errors);
        const created = await apps.createVerifyApp.execute({ accountId: account(request), changes: verifyAppChangesOf(checked.value) });
        if (created.isErr()) return renderList(request, refusal(created.error).status, values, refusal(created.error).errors);
        request.session.flash({ kind: 'info', text: `Verify app ${created.value.name} created.` });
        return redirect(href(request.view, `/verify/apps/${encodeURIComponent(created.value.id)}`));
      },
      { roles: BUILDERS },
    ),
    page('get', '/verify/apps/:id', (request) => renderApp(request, 200)),
    page(
      'post',
      '/verify/apps/:id',
      async (request) => {
        const { values, body } = appForm(request.form);
        const checked = checkedBy(verifyAppBody, body);
        if (!checked.ok) return renderApp(request, checked.status, values, checked.errors);
        const updated = await apps.updateVerifyApp.execute({ accountId: account(request), id: request.params.id!, changes: verifyAppChangesOf(checked.value) });
        if (updated.isErr()) {
          if (updated.error.type === 'not_found') unwrap(updated);
          return renderApp(request, refusal(updated.error).status, values, refusal(updated.error).errors);
        }
        request.session.flash({ kind: 'info', text: 'Settings saved.' });
        return redirect(href(request.view, `/verify/apps/${encodeURIComponent(updated.value.id)}`));
      },
      { roles: BUILDERS },
    ),
    page(
      'post',
      '/verify/apps/:id/delete',
      async (request) => {
        unwrap(await apps.deleteVerifyApp.execute({ accountId: account(request), id: request.params.id! }));
        request.session.flash({ kind: 'info', text: 'Verify app deleted.' });
        return redirect(href(request.view, '/verify/apps'));
      },
      { roles: BUILDERS },
    ),
  ];
}
