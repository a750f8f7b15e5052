import { groupBy, newId, type Clock } from '@tuma/kernel';
import type { OutboxEntry, WebhookOutbox } from '@tuma/webhooks';
import type { EmailEvent, EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import { MailWebhook } from '../../domain/webhooks/mail-webhook.aggregate.ts';
import { webhookEventOf } from '../../domain/webhooks/mail-webhook-events.ts';
import type { MailWebhookRepository } from './mail-webhook.repository.port.ts';

/** An email and new entries of its timeline. */
export interface EmailEvents {
  readonly email: EmailSnapshot;
  readonly events: readonly EmailEvent[];
}

/**
 * Puts emails' new timeline entries in the webhook outbox (mail profile), in the caller's unit of
 * work: one delivery per entry and webhook subscribed to its event, with the spec's body
 * `{event_type, email_id, timestamp, data: {recipient, ...}}` (docs/mail.md, "Webhooks"). The
 * accounts' webhooks are read once for all the emails given (a batch of delivery answers).
 */
export class MailEventWebhooks {
  constructor(
    private readonly webhooks: MailWebhookRepository,
    private readonly outbox: WebhookOutbox,
    private readonly clock: Clock,
  ) {}

  async publish(emails: readonly EmailEvents[]): Promise<void> {
    const typed = emails.flatMap(({ email, events }) =>
      events.flatMap((event) => {
        const eventType = webhookEventOf(event.type);
        return eventType ? [{ email, event, eventType }] : [];
      }),
    );
    if (typed.length === 0) return;
    const accounts = [...new Set(typed.map(({ email }) => email.accountId))];
    const webhooks = groupBy(await this.webhooks.ofAccounts(accounts), (snapshot) => snapshot.accountId);
    if (webhooks.size === 0) return;
    const now = this.clock.now();
    const entries = typed.flatMap(({ email, event, eventType }) =>
      (webhooks.get(email.accountId) ?? [])
        .map((snapshot) => MailWebhook.rehydrate(snapshot))
        .filter((webhook) => webhook.receives(eventType))
        .map((webhook): OutboxEntry => {
          const { id: kind, url } = webhook.toSnapshot();
          const payload = { event_type: eventType, email_id: email.id, timestamp: event.at.toISOString(), data: dataOf(email, event) };
          return { event: { id: newId('evt', now), accountId: email.accountId, environment: 'live', kind, type: eventType, payload, createdAt: now }, url };
        }),
    );
    await this.outbox.store(entries);
  }
}

/** `data`: whom the event is about, and what identifies the email to its sender (as Resend's webhooks do). */
function dataOf(email: EmailSnapshot, event: EmailEvent): Record<string, unknown> {
  return {
    recipient: event.recipient,
    from: email.from.address,
    subject: email.subject,
    tags: email.tags.map(({ name, value }) => ({ name, value })),
    ...(event.reason === null ? {} : { reason: event.reason }),
  };
}
