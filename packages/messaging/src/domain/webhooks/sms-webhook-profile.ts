import { WEBHOOK_TIMEOUT_MS, WEBHOOK_USER_AGENT, type WebhookProfile } from '@tuma/webhooks';

/**
 * SMS webhooks (delivery reports and inbound messages; spec: Headers on SMS webhooks, Delivery and
 * retries): `X-Webhook-ID` (`evt_<id>`) and `X-Webhook-Signature` (`sha256=<hex>`), answered within
 * 15 s, a failed attempt retried exactly 5 times, 10 s, 30 s, 90 s, 270 s and 810 s after each failure.
 */
export const SMS_WEBHOOK_PROFILE: WebhookProfile = {
  name: 'sms',
  jobName: 'messaging.deliver-webhook',
  userAgent: WEBHOOK_USER_AGENT,
  headers: { eventId: 'X-Webhook-ID', signature: 'X-Webhook-Signature' },
  signatureFormat: 'sha256=hex',
  retryDelaysSeconds: [10, 30, 90, 270, 810],
  timeoutMs: WEBHOOK_TIMEOUT_MS,
};

/**
 * Two-way inbound messages (to a short-code service's webhook_url): SMS's headers and body, retried
 * after 1 min, 5 min, 30 min, 2 h and 8 h (spec: Delivery and retries). For the two-way package.
 */
export const TWO_WAY_WEBHOOK_PROFILE: WebhookProfile = {
  ...SMS_WEBHOOK_PROFILE,
  name: 'two-way',
  jobName: 'two-way.deliver-webhook',
  retryDelaysSeconds: [60, 300, 1800, 7200, 28800],
};
