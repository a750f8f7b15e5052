import type { LinksService } from '@tuma/links';
import { unwrap } from '../../http/unwrap.ts';
import { linkWebhookBody } from '../../apis/links/webhooks.routes.ts';
import { webhookDeliveryView } from '../../apis/webhooks/delivery-views.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, redirectShowingOnce, takeShownOnce, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import { environmentIn } from '../layout/environment.ts';
import type { FormErrors } from '../layout/form.ts';
import { linkWebhookDeliveriesView, linkWebhooksView } from './webhook-views.ts';
import { href } from '../layout/view-context.ts';

export type LinkWebhookPageUseCases = Pick<LinksService, 'createLinkWebhook' | 'listLinkWebhooks' | 'getLinkWebhook' | 'deleteLinkWebhook' | 'listWebhookDeliveries' | 'redeliverWebhook'>;

const LOG_SIZE = 25;

/** Links › Webhooks: click webhooks per environment (the secret shown once), deleted, each one's delivery log with Redeliver; the `/v1/webhooks` use cases. */
export function linkWebhookPages(useCases: LinkWebhookPageUseCases): ConsolePage[] {
  const { createLinkWebhook, listLinkWebhooks, getLinkWebhook, deleteLinkWebhook } = useCases;
  const owner = (request: MemberRequest) => ({ accountId: request.member.accountId, environment: environmentIn(request.form, request.query) });
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const listPath = (request: MemberRequest) => href(request.view, `/links/webhooks?environment=${owner(request).environment}`);
  const toList = (request: MemberRequest) => redirect(listPath(request));
  const render = async (request: MemberRequest, status: number, extra: { secret?: string; values?: { url: string; events: readonly string[] }; errors?: FormErrors } = {}) => {
    const webhooks = unwrap(await listLinkWebhooks.execute(owner(request)));
    return html(status, linkWebhooksView(request.view, { environment: owner(request).environment, webhooks, canWrite: canWrite(request), ...extra }));
  };
  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  const write = (path: string, handle: MemberPage['handle']) => page('post', path, handle, { roles: BUILDERS });
  return [
    page('get', '/links/webhooks', (request) => render(request, 200, { secret: takeShownOnce(request)?.secret }), { section: 'links-webhooks' }),
    write('/links/webhooks', async (request) => {
      const values = { url: (request.form.get('url') ?? '').trim(), events: request.form.getAll('events') };
      const checked = checkedBy(linkWebhookBody, values);
      if (!checked.ok) return render(request, checked.status, { values, errors: checked.errors });
      const created = await createLinkWebhook.execute({ ...owner(request), url: checked.value.url, events: checked.value.events });
      if (created.isErr()) {
        const { status, errors } = refusal(created.error);
        return render(request, status, { values, errors });
      }
      return redirectShowingOnce(request, listPath(request), { secret: created.value.secret });
    }),
    page('get', '/links/webhooks/:id', async (request) => {
      const webhook = unwrap(await getLinkWebhook.execute({ ...owner(request), id: request.params.id! }));
      const found = unwrap(await useCases.listWebhookDeliveries.execute({ owner: owner(request), kind: webhook.id, page: 0, limit: LOG_SIZE }));
      return html(200, linkWebhookDeliveriesView(request.view, { environment: owner(request).environment, webhook, deliveries: found.deliveries.map(webhookDeliveryView), canWrite: canWrite(request) }));
    }),
    write('/links/webhooks/:id/deliveries/:event_id/redeliver', async (request) => {
      const webhook = unwrap(await getLinkWebhook.execute({ ...owner(request), id: request.params.id! }));
      const logged = unwrap(await useCases.redeliverWebhook.execute({ owner: owner(request), eventId: request.params.event_id!, kind: webhook.id }));
      request.session.flash({ kind: 'info', text: `Event ${logged.delivery.eventId} is queued for delivery again.` });
      return redirect(href(request.view, `/links/webhooks/${encodeURIComponent(webhook.id)}?environment=${owner(request).environment}`));
    }),
    write('/links/webhooks/:id/delete', async (request) => {
      unwrap(await deleteLinkWebhook.execute({ ...owner(request), id: request.params.id! }));
      request.session.flash({ kind: 'info', text: 'Webhook deleted: its pending deliveries are not sent.' });
      return toList(request);
    }),
  ];
}
