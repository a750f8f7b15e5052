import { VERIFY_APP_DEFAULTS, VERIFY_APP_LIMITS as L } from '@tuma/verification';
import { escapeHtml as e } from '../../http/html.ts';
import type { verifyAppView } from '../../routes/verify-views.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from './form.ts';
import { badge } from './format.ts';
import { consolePage } from './layout.ts';
import { table } from './table.ts';
import { href, type ViewContext } from './view-context.ts';

export type VerifyAppRow = ReturnType<typeof verifyAppView>;

export interface VerifyAppValues {
  readonly name: string;
  readonly brand: string;
  readonly template: string;
  readonly code_length: string;
}

export const DEFAULT_APP_VALUES: VerifyAppValues = {
  name: '',
  brand: '',
  template: VERIFY_APP_DEFAULTS.template,
  code_length: String(VERIFY_APP_DEFAULTS.codeLength),
};

export function verifyAppsView(view: ViewContext, apps: readonly VerifyAppRow[], options: { canWrite: boolean; values?: VerifyAppValues; errors?: FormErrors }): string {
  const errors = options.errors ?? NO_ERRORS;
  const values = options.values ?? DEFAULT_APP_VALUES;
  const list = table(
    'Verify apps, oldest first',
    [
      { header: 'Name', cell: (app) => `${e(app.name)}${app.is_default ? ` ${badge('default')}` : ''}<br><code>${e(app.id)}</code>` },
      { header: 'Brand', cell: (app) => e(app.brand) },
      { header: 'Template', cell: (app) => e(app.template) },
      { header: 'Code', cell: (app) => `${app.code_length} digits, ${Math.round(app.ttl_seconds / 60)} min` },
      ...(options.canWrite
        ? [{ header: 'Action', cell: (app: VerifyAppRow) => buttonForm(view, href(view, `/verify/apps/${encodeURIComponent(app.id)}/delete`), 'Delete', { danger: true, accessibleName: `Delete Verify app ${app.name}` }) }]
        : []),
    ],
    apps,
    'No Verify apps yet: the first verification without app_id makes a default one.',
  );
  const create = options.canWrite
    ? `<section class="card" aria-labelledby="new-app"><h2 id="new-app">New Verify app</h2>
${form(
  view,
  href(view, '/verify/apps'),
  [
    field({ name: 'name', label: 'Name', value: values.name, required: true }, errors),
    field({ name: 'brand', label: 'Brand', value: values.brand, required: true, hint: `Shown as {{brand}} in the text; ${L.brand.min} to ${L.brand.max} characters.` }, errors),
    field({ name: 'template', label: 'Message template', value: values.template, required: true, multiline: true, hint: 'Must contain {{code}}; may use {{brand}} and {{minutes}}; rendered, one GSM-7 SMS.' }, errors),
    field({ name: 'code_length', label: 'Code length', type: 'number', value: values.code_length, required: true, extra: `min="${L.codeLength.min}" max="${L.codeLength.max}"` }, errors),
  ].join('\n'),
  'Create app',
  errors,
)}
</section>`
    : '';
  return consolePage(view, 'Verify apps', 'verify-apps', `<section class="card">${list}</section>\n${create}`);
}
