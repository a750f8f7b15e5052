import { WEBHOOK_TIMEOUT_MS, WEBHOOK_USER_AGENT, type WebhookProfile } from '@tuma/webhooks';

/**
 * Mail webhook events (spec: Mail webhook events): `X-SVC-Signature` (`sha256=<hex>` of the raw
 * body), `X-SVC-Event` (the event type) and `X-SVC-Delivery-ID`; non-2xx answers retried after
 * 1 min, 5 min, 30 min, 2 h and 8 h.
 */
export const MAIL_WEBHOOK_PROFILE: WebhookProfile = {
  name: 'mail',
  jobName: 'mail.deliver-webhook',
  userAgent: WEBHOOK_USER_AGENT,
  headers: { eventId: 'X-SVC-Delivery-ID', signature: 'X-SVC-Signature', eventType: 'X-SVC-Event' },
  signatureFormat: 'sha256=hex',
  retryDelaysSeconds: [60, 300, 1800, 7200, 28800],
  timeoutMs: WEBHOOK_TIMEOUT_MS,
};
