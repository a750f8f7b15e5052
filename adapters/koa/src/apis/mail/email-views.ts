import { EMAIL_EVENT_TYPES, EMAIL_STATUSES, type EmailEvent, type EmailSnapshot, type MailAddress } from '@tuma/mail';
import { z } from 'zod';

/** `"Name" <address>` as the request may give it, or the bare address. */
const written = (address: MailAddress): string => (address.name ? `"${address.name.replace(/["\\]/g, '\\$&')}" <${address.address}>` : address.address);

const eventSchema = z.object({
  type: z.enum(EMAIL_EVENT_TYPES),
  recipient: z.string().nullable(),
  at: z.string(),
  reason: z.string().nullable().describe('Why, for bounced and failed (suppressed: the recipient is on the suppression list); the link, for clicked'),
});

export const emailSummarySchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  reply_to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  tags: z.array(z.object({ name: z.string(), value: z.string() })),
  message_id: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  created_at: z.string(),
});

export const emailSchema = emailSummarySchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string().nullable(), size: z.number().int().describe('Bytes') })),
  headers: z.record(z.string(), z.string()),
  events: z.array(eventSchema).describe('The timeline, oldest first'),
});

export const emailSummaryView = (email: EmailSnapshot): z.infer<typeof emailSummarySchema> => ({
  id: email.id,
  from: written(email.from),
  to: email.to.map(written),
  cc: email.cc.map(written),
  bcc: email.bcc.map(written),
  reply_to: email.replyTo.map(written),
  subject: email.subject,
  status: email.status,
  tags: email.tags.map(({ name, value }) => ({ name, value })),
  message_id: email.messageId,
  scheduled_at: email.scheduledAt?.toISOString() ?? null,
  created_at: email.createdAt.toISOString(),
});

/** The email with its parts and timeline; attachments by name and size, never their bytes. */
export const emailView = (email: EmailSnapshot, events: readonly EmailEvent[]): z.infer<typeof emailSchema> => ({
  ...emailSummaryView(email),
  html: email.html,
  text: email.text,
  attachments: email.attachments.map((attachment) => ({ filename: attachment.filename, content_type: attachment.contentType, size: Math.floor((attachment.content.length * 3) / 4) - (attachment.content.match(/=+$/)?.[0].length ?? 0) })),
  headers: { ...email.headers },
  events: events.map((event) => ({ type: event.type, recipient: event.recipient, at: event.at.toISOString(), reason: event.reason })),
});
