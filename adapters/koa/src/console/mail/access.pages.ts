import type { MailService } from '@tuma/mail';
import { unwrap } from '../../http/unwrap.ts';
import { credentialView, smtpCredentialBody, type MailSmtpCredentialUseCases } from '../../apis/mail/smtp-credentials.routes.ts';
import { mailWebhookBody, mailWebhookView } from '../../apis/mail/webhooks.routes.ts';
import { webhookDeliveryView } from '../../apis/webhooks/delivery-views.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, redirectShowingOnce, takeShownOnce, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import type { FormErrors } from '../layout/form.ts';
import { mailWebhookDeliveriesView, mailWebhooksView, smtpCredentialsView } from './access-views.ts';
import { href } from '../layout/view-context.ts';

export interface MailAccessPageUseCases {
  readonly smtpCredentials: MailSmtpCredentialUseCases;
  readonly webhooks: Pick<MailService, 'createWebhook' | 'listWebhooks' | 'getWebhook' | 'updateWebhook' | 'deleteWebhook'>;
  readonly listDeliveries: MailService['listWebhookDeliveries'];
  readonly redeliver: MailService['redeliverWebhook'];
  /** `host:port` of the SMTP submission server, or undefined when it is off. */
  readonly smtpServer: () => string | undefined;
}

const LOG_SIZE = 25;
/** Mail has no test environment: its webhook events are the account's live ones (as the mail API's routes say). */
const mailOwner = (request: MemberRequest) => ({ accountId: request.member.accountId, environment: 'live' as const });

/** Mail › SMTP credentials (the password shown once, revoked) and Mail › Webhooks (the secret shown once, paused, deleted, each one's delivery log with redelivery); the mail API's use cases. */
export function mailAccessPages(useCases: MailAccessPageUseCases): ConsolePage[] {
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const account = (request: MemberRequest) => request.member.accountId;

  const renderSmtp = async (request: MemberRequest, status: number, extra: { issued?: { username: string; password: string }; values?: { name: string }; errors?: FormErrors } = {}) => {
    const credentials = unwrap(await useCases.smtpCredentials.listSmtpCredentials.execute(account(request))).map(credentialView);
    return html(status, smtpCredentialsView(request.view, { credentials, canWrite: canWrite(request), smtpServer: useCases.smtpServer(), ...extra }));
  };
  const renderWebhooks = async (request: MemberRequest, status: number, extra: { secret?: string; values?: { url: string; events: readonly string[] }; errors?: FormErrors } = {}) => {
    const webhooks = unwrap(await useCases.webhooks.listWebhooks.execute(account(request))).map(mailWebhookView);
    return html(status, mailWebhooksView(request.view, { webhooks, canWrite: canWrite(request), ...extra }));
  };
  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  const write = (path: string, handle: MemberPage['handle']) => page('post', path, handle, { roles: BUILDERS });

  return [
    page('get', '/mail/smtp-credentials', (request) => {
      const issued = takeShownOnce(request);
      return renderSmtp(request, 200, issued ? { issued: { username: issued.username!, password: issued.password! } } : {});
    }, { section: 'mail-smtp' }),
    write('/mail/smtp-credentials', async (request) => {
      const values = { name: request.form.get('name') ?? '' };
      const checked = checkedBy(smtpCredentialBody, values);
      if (!checked.ok) return renderSmtp(request, checked.status, { values, errors: checked.errors });
      const { credential, password } = unwrap(await useCases.smtpCredentials.createSmtpCredential.execute({ accountId: account(request), name: checked.value.name }));
      return redirectShowingOnce(request, href(request.view, '/mail/smtp-credentials'), { username: credential.username, password });
    }),
    write('/mail/smtp-credentials/:id/revoke', async (request) => {
      unwrap(await useCases.smtpCredentials.revokeSmtpCredential.execute({ accountId: account(request), id: request.params.id! }));
      request.session.flash({ kind: 'info', text: 'Credential revoked: its logins are refused from now on.' });
      return redirect(href(request.view, '/mail/smtp-credentials'));
    }),
    page('get', '/mail/webhooks', (request) => renderWebhooks(request, 200, { secret: takeShownOnce(request)?.secret }), { section: 'mail-webhooks' }),
    write('/mail/webhooks', async (request) => {
      const values = { url: (request.form.get('url') ?? '').trim(), events: request.form.getAll('events') };
      const checked = checkedBy(mailWebhookBody, values);
      if (!checked.ok) return renderWebhooks(request, checked.status, { values, errors: checked.errors });
      const created = await useCases.webhooks.createWebhook.execute({ accountId: account(request), url: checked.value.url, events: checked.value.events });
      if (created.isErr()) {
        const { status, errors } = refusal(created.error);
        return renderWebhooks(request, status, { values, errors });
      }
      return redirectShowingOnce(request, href(request.view, '/mail/webhooks'), { secret: created.value.secret });
    }),
    ...(['pause', 'resume'] as const).map((action) =>
      write(`/mail/webhooks/:id/${action}`, async (request) => {
        unwrap(await useCases.webhooks.updateWebhook.execute({ accountId: account(request), id: request.params.id!, changes: { isActive: action === 'resume' } }));
        request.session.flash({ kind: 'info', text: action === 'pause' ? 'Webhook paused: no events are sent to it.' : 'Webhook resumed.' });
        return redirect(href(request.view, '/mail/webhooks'));
      }),
    ),
    page('get', '/mail/webhooks/:id', async (request) => {
      const webhook = mailWebhookView(unwrap(await useCases.webhooks.getWebhook.execute({ accountId: account(request), id: request.params.id! })));
      const found = unwrap(await useCases.listDeliveries.execute({ owner: mailOwner(request), kind: webhook.id, page: 0, limit: LOG_SIZE }));
      return html(200, mailWebhookDeliveriesView(request.view, { webhook, deliveries: found.deliveries.map(webhookDeliveryView), canWrite: canWrite(request) }));
    }),
    write('/mail/webhooks/:id/deliveries/:event_id/redeliver', async (request) => {
      const webhook = unwrap(await useCases.webhooks.getWebhook.execute({ accountId: account(request), id: request.params.id! }));
      const logged = unwrap(await useCases.redeliver.execute({ owner: mailOwner(request), eventId: request.params.event_id!, kind: webhook.id }));
      request.session.flash({ kind: 'info', text: `Event ${logged.delivery.eventId} is queued for delivery again.` });
      return redirect(href(request.view, `/mail/webhooks/${encodeURIComponent(webhook.id)}`));
    }),
    write('/mail/webhooks/:id/delete', async (request) => {
      unwrap(await useCases.webhooks.deleteWebhook.execute({ accountId: account(request), id: request.params.id! }));
      request.session.flash({ kind: 'info', text: 'Webhook deleted.' });
      return redirect(href(request.view, '/mail/webhooks'));
    }),
  ];
}
