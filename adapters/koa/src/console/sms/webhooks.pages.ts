import type { KeyEnvironment } from '@tuma/accounts';
import type { KeyScope } from '@tuma/messaging';
import { unwrap } from '../../http/unwrap.ts';
import { webhookConfigView } from '../../apis/sms/webhook-views.ts';
import { webhookDeliveryView } from '../../apis/webhooks/delivery-views.ts';
import type { WebhookUseCases } from '../../apis/sms/webhooks.routes.ts';
import { refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, redirectShowingOnce, takeShownOnce, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import { environmentIn } from '../layout/environment.ts';
import { webhooksView, type WebhooksPage } from './webhook-views.ts';
import { href } from '../layout/view-context.ts';

/** The newest events the page lists. */
const LOG_SIZE = 25;

/** The environment a request names (form or query): test keys' events go to the test configuration; live by default. */
const environmentOf = (request: MemberRequest): KeyEnvironment => environmentIn(request.form, request.query);
const scopeOf = (request: MemberRequest): KeyScope => ({ accountId: request.member.accountId, environment: environmentOf(request) });
const pagePath = (request: MemberRequest) => href(request.view, `/developers/webhooks?environment=${environmentOf(request)}`);

/** Developers › Webhooks: URLs, the signing secret (rotated, shown once), test events and the delivery log with redelivery; the API's `/api/webhooks` use cases. */
export function webhookPages(useCases: WebhookUseCases): ConsolePage[] {
  const render = async (request: MemberRequest, status: number, extra: Partial<WebhooksPage> = {}) => {
    const owner = scopeOf(request);
    const config = webhookConfigView(unwrap(await useCases.getWebhookConfig.execute(owner)));
    const deliveries = unwrap(await useCases.listWebhookDeliveries.execute({ owner, page: 0, limit: LOG_SIZE })).deliveries.map(webhookDeliveryView);
    return html(status, webhooksView(request.view, { environment: owner.environment, config, deliveries, ...extra }));
  };
  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], section?: MemberPage['section']): MemberPage => ({
    method,
    path,
    visitor: 'member',
    roles: BUILDERS,
    handle,
    ...(section ? { section } : {}),
  });
  return [
    page('get', '/developers/webhooks', (request) => render(request, 200, { newSecret: takeShownOnce(request)?.secret }), 'webhooks'),
    page('post', '/developers/webhooks', async (request) => {
      const values = { dlr_url: (request.form.get('dlr_url') ?? '').trim(), mo_url: (request.form.get('mo_url') ?? '').trim(), is_active: request.form.get('is_active') === 'on' };
      const updated = await useCases.updateWebhookConfig.execute({ owner: scopeOf(request), dlrUrl: values.dlr_url || null, moUrl: values.mo_url || null, isActive: values.is_active });
      if (updated.isErr()) {
        const { status, errors } = refusal(updated.error);
        return render(request, status, { values, errors });
      }
      request.session.flash({ kind: 'info', text: 'Webhook settings saved.' });
      return redirect(pagePath(request));
    }),
    page('post', '/developers/webhooks/rotate-secret', async (request) => {
      const { signingSecret } = unwrap(await useCases.rotateWebhookSecret.execute(scopeOf(request)));
      return redirectShowingOnce(request, pagePath(request), { secret: signingSecret });
    }),
    page('post', '/developers/webhooks/test', async (request) => {
      const sent = await useCases.sendTestWebhooks.execute(scopeOf(request));
      if (sent.isErr()) {
        const { status, errors } = refusal(sent.error);
        return render(request, status, { errors });
      }
      const outcomes = sent.value.map(webhookDeliveryView).map((event) => `${event.type} → ${event.attempts.at(-1)?.status_code ?? 'no answer'}`);
      request.session.flash({ kind: 'info', text: `Test events sent: ${outcomes.join(', ')}.` });
      return redirect(pagePath(request));
    }),
    page('post', '/developers/webhooks/deliveries/:event_id/redeliver', async (request) => {
      const redelivered = await useCases.redeliverWebhook.execute({ owner: scopeOf(request), eventId: request.params.event_id! });
      if (redelivered.isErr()) {
        const { status, errors } = refusal(redelivered.error);
        return render(request, status, { errors: { fields: {}, form: errors.form ?? 'This event could not be redelivered' } });
      }
      request.session.flash({ kind: 'info', text: `Event ${redelivered.value.delivery.eventId} is queued for delivery again.` });
      return redirect(pagePath(request));
    }),
  ];
}
