import type { WebhookConfig } from '@tuma/messaging';
import { z } from 'zod';

export const webhookConfigSchema = z.object({
  dlr_url: z.string().nullable().describe('Where delivery reports (message.<status>) go'),
  mo_url: z.string().nullable().describe('Where inbound messages (message.inbound) go'),
  signing_secret: z.string().describe('whsec_...: the HMAC-SHA256 key of X-Webhook-Signature'),
  is_active: z.boolean().describe('Off: no events are kept or sent (test events and redeliveries still go)'),
});

export const webhookConfigView = (config: WebhookConfig): z.infer<typeof webhookConfigSchema> => ({
  dlr_url: config.dlrUrl,
  mo_url: config.moUrl,
  signing_secret: config.signingSecret,
  is_active: config.isActive,
});
