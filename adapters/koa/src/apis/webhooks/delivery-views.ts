import { WEBHOOK_DELIVERY_STATUSES, type LoggedWebhookDelivery } from '@tuma/webhooks';
import { z } from 'zod';

const attemptSchema = z.object({
  series: z.number().int().describe('1 for the first delivery, +1 per redelivery'),
  attempt: z.number().int().describe('1 to 6 within the series (the first and 5 retries)'),
  at: z.string(),
  url: z.string(),
  status_code: z.number().int().nullable().describe('null: no HTTP answer (refused address, timeout, connection error)'),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
  succeeded: z.boolean().describe('A 2xx answer; a 3xx (redirects are not followed) is a failure'),
});

export const webhookDeliverySchema = z.object({
  event_id: z.string().describe('evt_...: the X-Webhook-ID of every attempt'),
  type: z.string().describe('message.<status> or message.inbound'),
  url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).describe('pending until an attempt succeeds; failed after the 5th retry failed'),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(attemptSchema).describe('Oldest first'),
});

export const webhookDeliveryView = ({ delivery, attempts }: LoggedWebhookDelivery): z.infer<typeof webhookDeliverySchema> => ({
  event_id: delivery.eventId,
  type: delivery.type,
  url: delivery.url,
  status: delivery.status,
  created_at: delivery.createdAt.toISOString(),
  next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
  attempts: attempts.map((a) => ({
    series: a.series,
    attempt: a.attempt,
    at: a.at.toISOString(),
    url: a.url,
    status_code: a.statusCode,
    latency_ms: a.latencyMs,
    error: a.error,
    succeeded: a.succeeded,
  })),
});
