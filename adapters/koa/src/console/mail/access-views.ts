import { MAIL_WEBHOOK_EVENTS } from '@tuma/mail';
import { escapeHtml as e } from '../../http/html.ts';
import type { credentialView } from '../../apis/mail/smtp-credentials.routes.ts';
import type { mailWebhookView } from '../../apis/mail/webhooks.routes.ts';
import { deliveryLog, type DeliveryRow } from '../webhooks/delivery-log.ts';
import { buttonForm, choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { shownOnce } from '../layout/shown-once.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type SmtpCredentialRow = ReturnType<typeof credentialView>;
export type MailWebhookRow = ReturnType<typeof mailWebhookView>;

export function smtpCredentialsView(
  view: ViewContext,
  page: { credentials: readonly SmtpCredentialRow[]; canWrite: boolean; smtpServer: string | undefined; issued?: { username: string; password: string }; values?: { name: string }; errors?: FormErrors },
): string {
  const errors = page.errors ?? NO_ERRORS;
  const rows = table(
    'SMTP credentials',
    [
      { header: 'Name', cell: (c) => e(c.name) },
      { header: 'Username', cell: (c) => `<code>${e(c.username)}</code>` },
      { header: 'Created', cell: (c) => time(c.created_at) },
      { header: 'Last used', cell: (c) => time(c.last_used_at) },
      {
        header: 'Action',
        cell: (c) =>
          page.canWrite ? buttonForm(view, href(view, `/mail/smtp-credentials/${encodeURIComponent(c.id)}/revoke`), 'Revoke', { danger: true, accessibleName: `Revoke SMTP credential ${c.name}` }) : '',
      },
    ],
    page.credentials,
    'No SMTP credentials yet.',
  );
  const issued = page.issued
    ? shownOnce('smtp-password', 'Your new SMTP password', 'Copy it now: it is shown only this once (we keep only its hash).', page.issued.password, `\n<p>Username: <code id="smtp-username">${e(page.issued.username)}</code></p>`)
    : '';
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="create-title"><h2 id="create-title">Create a credential</h2>
${form(view, href(view, '/mail/smtp-credentials'), field({ name: 'name', label: 'Name', value: page.values?.name, required: true, hint: 'What sends with it, e.g. "WordPress".' }, errors), 'Create credential', errors)}
</section>`
    : '';
  return consolePage(view, 'SMTP credentials', 'mail-smtp', `${issued}
<section class="card"><p>${
    page.smtpServer
      ? `Send through our SMTP server at <code id="smtp-server">${e(page.smtpServer)}</code> (STARTTLS, then AUTH PLAIN or LOGIN).`
      : 'The SMTP submission server is off on this deployment: credentials work once it is on.'
  }</p>
${rows}</section>
${create}`);
}

export function mailWebhooksView(
  view: ViewContext,
  page: { webhooks: readonly MailWebhookRow[]; canWrite: boolean; secret?: string; values?: { url: string; events: readonly string[] }; errors?: FormErrors },
): string {
  const errors = page.errors ?? NO_ERRORS;
  const values = page.values ?? { url: '', events: [...MAIL_WEBHOOK_EVENTS] };
  const rows = table(
    'Mail webhooks',
    [
      { header: 'URL', cell: (w) => `<a href="${href(view, `/mail/webhooks/${encodeURIComponent(w.id)}`)}"><code>${e(w.url)}</code></a>` },
      { header: 'Events', cell: (w) => e(w.events.join(', ')) },
      { header: 'Status', cell: (w) => badge(w.is_active ? 'on' : 'off', w.is_active ? 'ok' : 'plain') },
      { header: 'Created', cell: (w) => time(w.created_at) },
      {
        header: 'Actions',
        cell: (w) =>
          page.canWrite
            ? `<span class="actions">${buttonForm(view, href(view, `/mail/webhooks/${encodeURIComponent(w.id)}/${w.is_active ? 'pause' : 'resume'}`), w.is_active ? 'Pause' : 'Resume', { accessibleName: `${w.is_active ? 'Pause' : 'Resume'} webhook ${w.url}` })} ${buttonForm(
                view,
                href(view, `/mail/webhooks/${encodeURIComponent(w.id)}/delete`),
                'Delete',
                { danger: true, accessibleName: `Delete webhook ${w.url}` },
              )}</span>`
            : '',
      },
    ],
    page.webhooks,
    'No mail webhooks yet.',
  );
  const secret = page.secret ? shownOnce('webhook-secret', 'Signing secret of the new webhook', 'Copy it now: it is shown only this once. Each delivery carries X-SVC-Signature: sha256=<hex> of its body.', page.secret) : '';
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="create-title"><h2 id="create-title">Add a webhook</h2>
${form(
  view,
  href(view, '/mail/webhooks'),
  [
    field({ name: 'url', label: 'URL', type: 'url', value: values.url, required: true, hint: 'HTTPS; private and internal addresses are refused.' }, errors),
    choices({ name: 'events', legend: 'Events', type: 'checkbox', options: MAIL_WEBHOOK_EVENTS.map((event) => ({ value: event, label: event, checked: values.events.includes(event) })) }, errors),
  ].join('\n'),
  'Add webhook',
  errors,
)}
</section>`
    : '';
  return consolePage(view, 'Mail webhooks', 'mail-webhooks', `${secret}\n<section class="card">${rows}</section>\n${create}`);
}

/** One mail webhook: its events and their delivery attempts, each redelivered on demand. */
export function mailWebhookDeliveriesView(view: ViewContext, page: { webhook: MailWebhookRow; deliveries: readonly DeliveryRow[]; canWrite: boolean }): string {
  const { webhook } = page;
  const redeliver = (delivery: DeliveryRow) => href(view, `/mail/webhooks/${encodeURIComponent(webhook.id)}/deliveries/${encodeURIComponent(delivery.event_id)}/redeliver`);
  const log = deliveryLog(view, page.deliveries, page.canWrite ? redeliver : undefined, 'No events yet.');
  return consolePage(view, 'Mail webhook', 'mail-webhooks', `<p><a href="${href(view, '/mail/webhooks')}">← All mail webhooks</a></p>
<section class="card"><p><code>${e(webhook.url)}</code> · ${badge(webhook.is_active ? 'on' : 'off', webhook.is_active ? 'ok' : 'plain')}</p><p class="muted">Events: ${e(webhook.events.join(', '))}</p></section>
<section class="card" aria-labelledby="log-title"><h2 id="log-title">Delivery log</h2>${log}</section>`);
}
