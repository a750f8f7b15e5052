import { API_SCOPES, DEFAULT_SCOPES } from '@tuma/accounts';
import { escapeHtml as e } from '../../http/html.ts';
import type { keyView } from '../../apis/sms/api-key-views.ts';
import { choices, field, form, buttonForm, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type KeyRow = ReturnType<typeof keyView>;

export interface NewKeyValues {
  readonly environment: string;
  readonly scopes: readonly string[];
  readonly name: string;
}

const SCOPE_LABELS: Record<(typeof API_SCOPES)[number], string> = {
  send: 'send: send messages',
  query: 'query: read messages, balance, reports',
  webhooks: 'webhooks: manage webhooks',
  two_way: 'two_way: two-way short codes',
};

/** The secret of a key just created: shown this once, with a copy button. */
const issuedPanel = (issued: { key: string; prefix: string }) => `<section class="card" aria-labelledby="new-key-title">
<h2 id="new-key-title">Your new key</h2>
<p>Copy it now: it is shown only this once. Keep it on your server, never in a browser or an app.</p>
<code class="secret" id="new-key">${e(issued.key)}</code>
<button type="button" class="secondary" data-copy="new-key">Copy key</button>
</section>`;

export function keysView(view: ViewContext, keys: readonly KeyRow[], options: { issued?: { key: string; prefix: string }; values?: NewKeyValues; errors?: FormErrors } = {}): string {
  const values = options.values ?? { environment: 'test', scopes: DEFAULT_SCOPES, name: '' };
  const errors = options.errors ?? NO_ERRORS;
  const rows = table(
    'Keys of this account, newest first',
    [
      { header: 'Name', cell: (key) => (key.name ? e(key.name) : '<span class="muted">unnamed</span>') },
      { header: 'Key', cell: (key) => `<code>${e(key.prefix)}…</code>` },
      { header: 'Environment', cell: (key) => badge(key.environment, key.environment === 'live' ? 'ok' : 'plain') },
      { header: 'Scopes', cell: (key) => e(key.scopes.join(', ')) },
      { header: 'Created', cell: (key) => time(key.created_at) },
      { header: 'Last used', cell: (key) => time(key.last_used_at) },
      {
        header: 'Status',
        cell: (key) =>
          key.is_active
            ? buttonForm(view, href(view, `/developers/keys/${encodeURIComponent(key.id)}/revoke`), 'Revoke', { danger: true, accessibleName: `Revoke key ${key.name ?? key.prefix}` })
            : `${badge('revoked', 'bad')} ${time(key.revoked_at)}`,
      },
    ],
    keys,
    'No keys yet: create one below.',
  );
  const create = form(
    view,
    href(view, '/developers/keys'),
    [
      field({ name: 'name', label: 'Name (optional)', value: values.name, hint: 'What the key is for, e.g. "billing server".' }, errors),
      choices({ name: 'environment', legend: 'Environment', type: 'radio', options: [
        { value: 'test', label: 'Test (sandbox: nothing reaches a phone, nothing is charged)', checked: values.environment === 'test' },
        { value: 'live', label: 'Live', checked: values.environment === 'live' },
      ] }, errors),
      choices({ name: 'scopes', legend: 'Scopes', type: 'checkbox', options: API_SCOPES.map((scope) => ({ value: scope, label: SCOPE_LABELS[scope], checked: values.scopes.includes(scope) })) }, errors),
    ].join('\n'),
    'Create key',
    errors,
  );
  const content = `${options.issued ? issuedPanel(options.issued) : ''}
<section class="card">${rows}</section>
<section class="card" aria-labelledby="create-title"><h2 id="create-title">Create a key</h2>
${create}
</section>`;
  return consolePage(view, 'API keys', 'keys', content);
}
