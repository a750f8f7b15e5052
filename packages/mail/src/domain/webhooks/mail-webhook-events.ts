import type { EmailEventType } from '../emails/email.aggregate.ts';

/** The events a mail webhook may subscribe to (spec: Mail webhook events), as `event_type` names them. */
export const MAIL_WEBHOOK_EVENTS = ['sent', 'delivered', 'bounced', 'complained', 'open', 'click', 'failed'] as const;
export type MailWebhookEventType = (typeof MAIL_WEBHOOK_EVENTS)[number];

const WEBHOOK_EVENT_OF: Partial<Record<string, MailWebhookEventType>> = {
  sent: 'sent',
  delivered: 'delivered',
  bounced: 'bounced',
  complained: 'complained',
  failed: 'failed',
  opened: 'open',
  clicked: 'click',
};

/** The webhook event a timeline entry is, if any: the email's own steps (queued, scheduled, cancelled) are not. */
export const webhookEventOf = (type: EmailEventType | string): MailWebhookEventType | undefined => WEBHOOK_EVENT_OF[type];
