import { escapeHtml as e } from '../../http/html.ts';
import type { verifyAppView } from '../../apis/verify/verify-views.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type VerifyAppRow = ReturnType<typeof verifyAppView>;

/** The settings form's fields, as typed (numbers too). */
export type VerifyAppValues = Readonly<Record<(typeof SETTINGS)[number]['name'], string>>;

const SETTINGS = [
  { name: 'name', label: 'Name', hint: 'For you: the apps list shows it.' },
  { name: 'brand', label: 'Brand', hint: '{{brand}} in the message.' },
  { name: 'template', label: 'Message template', hint: 'Must contain {{code}}; may use {{brand}} and {{minutes}}; one SMS segment once filled in.' },
  { name: 'code_length', label: 'Code length', hint: 'Digits (default 6).', number: true },
  { name: 'ttl_seconds', label: 'Code lifetime (seconds)', hint: 'Default 600.', number: true },
  { name: 'max_check_attempts', label: 'Checks per verification', hint: 'Default 5.', number: true },
  { name: 'max_sends', label: 'Sends per verification', hint: 'Default 5.', number: true },
  { name: 'resend_cooldown_seconds', label: 'Seconds between sends', hint: 'Default 30.', number: true },
  { name: 'allowed_countries', label: 'Allowed countries', hint: 'ISO codes separated by commas (KE, UG); empty: every routable country.' },
  { name: 'sender_id', label: 'Sender ID', hint: "An approved sender ID; empty: the route's default." },
] as const;

export const NUMBER_SETTINGS: readonly string[] = SETTINGS.filter((s) => 'number' in s).map((s) => s.name);
export const SETTING_NAMES = SETTINGS.map((s) => s.name);

export const valuesOfApp = (app: VerifyAppRow): VerifyAppValues => ({
  name: app.name,
  brand: app.brand,
  template: app.template,
  code_length: String(app.code_length),
  ttl_seconds: String(app.ttl_seconds),
  max_check_attempts: String(app.max_check_attempts),
  max_sends: String(app.max_sends),
  resend_cooldown_seconds: String(app.resend_cooldown_seconds),
  allowed_countries: app.allowed_countries.join(', '),
  sender_id: app.sender_id ?? '',
});

const settingFields = (values: Partial<VerifyAppValues>, errors: FormErrors) =>
  SETTINGS.map((s) => field({ name: s.name, label: s.label, hint: s.hint, value: values[s.name] ?? '', ...('number' in s ? { type: 'number' as const } : {}), ...(s.name === 'template' ? { multiline: true } : {}) }, errors)).join('\n');

export function verifyAppsView(view: ViewContext, page: { apps: readonly VerifyAppRow[]; canWrite: boolean; values?: Partial<VerifyAppValues>; errors?: FormErrors }): string {
  const errors = page.errors ?? NO_ERRORS;
  const rows = table(
    'Verify apps',
    [
      { header: 'App', cell: (a) => `<a href="${href(view, `/verify/apps/${encodeURIComponent(a.id)}`)}">${e(a.name)}</a>${a.is_default ? ` ${badge('default', 'ok')}` : ''}<br><code>${e(a.id)}</code>` },
      { header: 'Brand', cell: (a) => e(a.brand) },
      { header: 'Code', cell: (a) => `${a.code_length} digits, ${Math.round(a.ttl_seconds / 60)} min` },
      { header: 'Countries', cell: (a) => (a.allowed_countries.length ? e(a.allowed_countries.join(', ')) : '<span class="muted">all</span>') },
      { header: 'Created', cell: (a) => time(a.created_at) },
    ],
    page.apps,
    'No Verify apps yet: a verification without app_id uses the default settings.',
  );
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="create-title"><h2 id="create-title">Create an app</h2>
<p class="muted">Settings left empty take their defaults.</p>
${form(view, href(view, '/verify/apps'), settingFields(page.values ?? {}, errors), 'Create app', errors)}
</section>`
    : '';
  return consolePage(view, 'Verify apps', 'verify-apps', `<section class="card">${rows}</section>\n${create}`);
}

export function verifyAppDetailView(view: ViewContext, page: { app: VerifyAppRow; canWrite: boolean; values?: Partial<VerifyAppValues>; errors?: FormErrors }): string {
  const { app } = page;
  const errors = page.errors ?? NO_ERRORS;
  const settings = page.canWrite
    ? `${form(view, href(view, `/verify/apps/${encodeURIComponent(app.id)}`), settingFields(page.values ?? valuesOfApp(app), errors), 'Save settings', errors)}
<h2>Delete</h2>
${buttonForm(view, href(view, `/verify/apps/${encodeURIComponent(app.id)}/delete`), 'Delete app', { danger: true, accessibleName: `Delete app ${app.name}` })}`
    : `<dl class="records">${SETTINGS.map((s) => `<dt>${e(s.label)}</dt><dd>${e(valuesOfApp(app)[s.name] || 'default')}</dd>`).join('')}</dl>`;
  return consolePage(view, app.name, 'verify-apps', `<p><a href="${href(view, '/verify/apps')}">← All apps</a> · <code>${e(app.id)}</code></p>
<section class="card" aria-labelledby="settings-title"><h2 id="settings-title">Settings</h2>
<p class="muted">Running verifications keep the policy they started with.</p>
${settings}
</section>`);
}
