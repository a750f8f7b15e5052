import type { KeyEnvironment } from '@tuma/accounts';
import { escapeHtml as e } from '../../http/html.ts';
import type { webhookConfigView } from '../../apis/sms/webhook-views.ts';
import { deliveryLog, type DeliveryRow } from '../webhooks/delivery-log.ts';
import { choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { environmentField, environmentSwitch } from '../layout/environment.ts';
import { consolePage } from '../layout/layout.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type WebhookConfigRow = ReturnType<typeof webhookConfigView>;
export type { DeliveryRow } from '../webhooks/delivery-log.ts';

export interface WebhooksPage {
  readonly environment: KeyEnvironment;
  readonly config: WebhookConfigRow;
  readonly deliveries: readonly DeliveryRow[];
  /** A secret rotated this request: shown this once. */
  readonly newSecret?: string;
  readonly values?: { dlr_url: string; mo_url: string; is_active: boolean };
  readonly errors?: FormErrors;
}

/** `whsec_abcd…wxyz`: enough to tell secrets apart, never enough to sign. */
const masked = (secret: string) => `${secret.slice(0, 10)}…${secret.slice(-4)}`;

const envField = environmentField;

function secretPanel(view: ViewContext, page: WebhooksPage): string {
  const shown = page.newSecret
    ? `<p>Your new signing secret, shown only this once: the old one no longer signs anything.</p>
<code class="secret" id="signing-secret">${e(page.newSecret)}</code>
<button type="button" class="secondary" data-copy="signing-secret">Copy secret</button>`
    : `<p>Signing secret: <code id="signing-secret-masked">${e(masked(page.config.signing_secret))}</code></p>
<p class="muted">Rotate it to see a new one (shown once); the current one stops signing at once.</p>`;
  return `<section class="card" aria-labelledby="secret-title"><h2 id="secret-title">Signing secret</h2>
${shown}
${form(view, href(view, '/developers/webhooks/rotate-secret'), envField(page.environment), 'Rotate signing secret')}
</section>`;
}

export function webhooksView(view: ViewContext, page: WebhooksPage): string {
  const values = page.values ?? { dlr_url: page.config.dlr_url ?? '', mo_url: page.config.mo_url ?? '', is_active: page.config.is_active };
  const errors = page.errors ?? NO_ERRORS;
  const urls = form(
    view,
    href(view, '/developers/webhooks'),
    [
      envField(page.environment),
      field({ name: 'dlr_url', label: 'Delivery report URL', type: 'url', value: values.dlr_url, hint: 'Receives message.<status> events. Empty: none.' }, errors),
      field({ name: 'mo_url', label: 'Inbound message URL', type: 'url', value: values.mo_url, hint: 'Receives message.inbound events. Empty: none.' }, errors),
      choices({ name: 'is_active', legend: 'Sending', type: 'checkbox', options: [{ value: 'on', label: 'Webhooks are on', checked: values.is_active }] }, errors),
    ].join('\n'),
    'Save webhook settings',
    errors,
  );
  const log = deliveryLog(
    view,
    page.deliveries,
    (delivery) => href(view, `/developers/webhooks/deliveries/${encodeURIComponent(delivery.event_id)}/redeliver?environment=${page.environment}`),
    'No events yet: send a test event.',
  );
  const content = `${environmentSwitch(view, '/developers/webhooks', page.environment, "test keys' events go to the test configuration")}
<section class="card" aria-labelledby="urls-title"><h2 id="urls-title">Endpoints</h2>
${urls}
</section>
${secretPanel(view, page)}
<section class="card" aria-labelledby="log-title"><h2 id="log-title">Delivery log</h2>
${form(view, href(view, '/developers/webhooks/test'), envField(page.environment), 'Send test event')}
${log}
</section>`;
  return consolePage(view, 'Webhooks', 'webhooks', content);
}
