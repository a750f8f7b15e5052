import type { KeyEnvironment } from '@tuma/accounts';
import { LINK_WEBHOOK_EVENTS, type LinkWebhookSnapshot } from '@tuma/links';
import { escapeHtml as e } from '../../http/html.ts';
import { deliveryLog, type DeliveryRow } from '../webhooks/delivery-log.ts';
import { environmentField, environmentSwitch } from '../layout/environment.ts';
import { buttonForm, choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { shownOnce } from '../layout/shown-once.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

const ENV_NOTE = "click webhooks get their environment's clicks";
const hookPath = (w: Pick<LinkWebhookSnapshot, 'id'>, environment: KeyEnvironment, rest = '') => `/links/webhooks/${encodeURIComponent(w.id)}${rest}?environment=${environment}`;

export function linkWebhooksView(
  view: ViewContext,
  page: { environment: KeyEnvironment; webhooks: readonly LinkWebhookSnapshot[]; canWrite: boolean; secret?: string; values?: { url: string; events: readonly string[] }; errors?: FormErrors },
): string {
  const errors = page.errors ?? NO_ERRORS;
  const values = page.values ?? { url: '', events: [...LINK_WEBHOOK_EVENTS] };
  const rows = table(
    'Click webhooks',
    [
      { header: 'URL', cell: (w) => `<a href="${href(view, hookPath(w, page.environment))}"><code>${e(w.url)}</code></a>` },
      { header: 'Events', cell: (w) => e(w.events.join(', ')) },
      { header: 'Status', cell: (w) => badge(w.isActive ? 'on' : 'off', w.isActive ? 'ok' : 'plain') },
      { header: 'Created', cell: (w) => time(w.createdAt) },
      {
        header: 'Action',
        cell: (w) => (page.canWrite ? buttonForm(view, href(view, hookPath(w, page.environment, '/delete')), 'Delete', { danger: true, accessibleName: `Delete webhook ${w.url}` }) : ''),
      },
    ],
    page.webhooks,
    'No click webhooks yet.',
  );
  const secret = page.secret ? shownOnce('webhook-secret', 'Signing secret of the new webhook', 'Copy it now: it is shown only this once. Each delivery carries X-SVC-Signature: sha256=<hex> of its body.', page.secret) : '';
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="create-title"><h2 id="create-title">Add a webhook</h2>
${form(
  view,
  href(view, '/links/webhooks'),
  [
    environmentField(page.environment),
    field({ name: 'url', label: 'URL', type: 'url', value: values.url, required: true, hint: 'HTTPS; private and internal addresses are refused.' }, errors),
    choices({ name: 'events', legend: 'Events', type: 'checkbox', options: LINK_WEBHOOK_EVENTS.map((event) => ({ value: event, label: event, checked: values.events.includes(event) })) }, errors),
  ].join('\n'),
  'Add webhook',
  errors,
)}
</section>`
    : '';
  return consolePage(view, 'Click webhooks', 'links-webhooks', `${environmentSwitch(view, '/links/webhooks', page.environment, ENV_NOTE)}
${secret}
<section class="card">${rows}</section>
${create}`);
}

/** One click webhook: its events and their attempts, each redelivered on demand (the delivery log of the other webhook pages). */
export function linkWebhookDeliveriesView(view: ViewContext, page: { environment: KeyEnvironment; webhook: LinkWebhookSnapshot; deliveries: readonly DeliveryRow[]; canWrite: boolean }): string {
  const { webhook, environment } = page;
  const redeliver = (delivery: DeliveryRow) => href(view, hookPath(webhook, environment, `/deliveries/${encodeURIComponent(delivery.event_id)}/redeliver`));
  const log = deliveryLog(view, page.deliveries, page.canWrite ? redeliver : undefined, 'No events yet.');
  return consolePage(view, 'Click webhook', 'links-webhooks', `<p><a href="${href(view, `/links/webhooks?environment=${environment}`)}">← All click webhooks</a></p>
<section class="card"><p><code>${e(webhook.url)}</code> · ${badge(environment)} · ${badge(webhook.isActive ? 'on' : 'off', webhook.isActive ? 'ok' : 'plain')}</p><p class="muted">Events: ${e(webhook.events.join(', '))}</p></section>
<section class="card" aria-labelledby="log-title"><h2 id="log-title">Delivery log</h2>${log}</section>`);
}
