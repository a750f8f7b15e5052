import type { BroadcastView, MailContact, MailContactListView } from '@tuma/mail';
import { z } from 'zod';

export const contactListSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact_count: z.number().int(),
  unsubscribed_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string().describe('Last change of the list or of its contacts'),
});

export const contactListView = (list: MailContactListView): z.infer<typeof contactListSchema> => ({
  id: list.id,
  name: list.name,
  contact_count: list.contactCount,
  unsubscribed_count: list.unsubscribedCount,
  created_at: list.createdAt.toISOString(),
  updated_at: list.updatedAt.toISOString(),
});

export const contactSchema = z.object({
  id: z.string(),
  email: z.string().describe('Lower-case'),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  data: z.record(z.string(), z.string()).describe('Filled into {{data.key}} placeholders of broadcasts'),
  unsubscribed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const contactView = (contact: MailContact): z.infer<typeof contactSchema> => ({
  id: contact.id,
  email: contact.email,
  first_name: contact.firstName,
  last_name: contact.lastName,
  data: contact.data,
  unsubscribed: contact.unsubscribed,
  created_at: contact.createdAt.toISOString(),
  updated_at: contact.updatedAt.toISOString(),
});

export const broadcastSchema = z.object({
  id: z.string(),
  list_id: z.string(),
  status: z.enum(['scheduled', 'sending', 'sent', 'cancelled']),
  from: z.string(),
  subject: z.string().describe('As given, placeholders unfilled'),
  scheduled_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  counts: z
    .object({
      recipients: z.number().int().describe('Contacts of the list when the broadcast was accepted'),
      skipped_unsubscribed: z.number().int(),
      skipped_suppressed: z.number().int(),
      pending: z.number().int().describe('Waiting for their email to be written (before scheduled_at, or a chunk not reached yet)'),
      cancelled: z.number().int().describe('Pending when the broadcast was cancelled'),
      queued: z.number().int().describe('Emails written, waiting for the transport'),
      sent: z.number().int(),
      delivered: z.number().int(),
      bounced: z.number().int(),
      complained: z.number().int(),
      failed: z.number().int(),
    })
    .describe("Recipients by where they are: skipped, pending, cancelled, or by their email's status"),
});

const fromHeader = (from: { address: string; name?: string }): string => (from.name ? `${from.name} <${from.address}>` : from.address);

export const broadcastView = ({ broadcast, status, progress }: BroadcastView): z.infer<typeof broadcastSchema> => {
  const { states, emails } = progress;
  return {
    id: broadcast.id,
    list_id: broadcast.listId,
    status,
    from: fromHeader(broadcast.from),
    subject: broadcast.subject,
    scheduled_at: broadcast.scheduledAt?.toISOString() ?? null,
    cancelled_at: broadcast.cancelledAt?.toISOString() ?? null,
    created_at: broadcast.createdAt.toISOString(),
    counts: {
      recipients: Object.values(states).reduce((sum, n) => sum + n, 0),
      skipped_unsubscribed: states.skipped_unsubscribed,
      skipped_suppressed: states.skipped_suppressed,
      pending: states.pending,
      cancelled: states.cancelled,
      queued: (emails.queued ?? 0) + (emails.scheduled ?? 0),
      sent: emails.sent ?? 0,
      delivered: emails.delivered ?? 0,
      bounced: emails.bounced ?? 0,
      complained: emails.complained ?? 0,
      failed: (emails.failed ?? 0) + (emails.cancelled ?? 0),
    },
  };
};
