import { forwardAddress, FORWARD_OUTCOMES, type Forward, type ForwardLogEntry } from '@tuma/mail';
import { z } from 'zod';

export const forwardSchema = z.object({
  id: z.string().describe('fwd_...'),
  from: z.string().describe('alias@domain (lower-case), or *@domain: every address of the domain no other forward names'),
  to: z.string().describe('Where the mail is re-sent'),
  domain_id: z.string().describe('The verified domain it belongs to'),
  created_at: z.string(),
});

export const forwardView = (f: Forward): z.infer<typeof forwardSchema> => ({ id: f.id, from: forwardAddress(f), to: f.to, domain_id: f.domainId, created_at: f.createdAt.toISOString() });

export const forwardLogEntrySchema = z.object({
  id: z.string().describe('fwl_...'),
  received_at: z.string().describe('When our inbound server took the message'),
  recipient: z.string().describe('The address it came to'),
  to: z.string(),
  original_from: z.string().nullable().describe("The message's From"),
  envelope_from: z.string().describe('The envelope sender it came with (empty for a bounce)'),
  return_path: z.string().describe('The envelope sender it left with: an SRS0 address of the domain'),
  message_id: z.string().nullable(),
  subject: z.string().nullable(),
  outcome: z.enum(FORWARD_OUTCOMES).describe('pending (queued), delivered (the next hop took it), failed (refused: see error), loop (stopped: see error)'),
  error: z.string().nullable(),
  settled_at: z.string().nullable(),
});

export const forwardLogEntryView = (e: ForwardLogEntry): z.infer<typeof forwardLogEntrySchema> => ({
  id: e.id,
  received_at: e.receivedAt.toISOString(),
  recipient: e.recipient,
  to: e.to,
  original_from: e.originalFrom,
  envelope_from: e.envelopeFrom,
  return_path: e.returnPath,
  message_id: e.messageId,
  subject: e.subject,
  outcome: e.outcome,
  error: e.error,
  settled_at: e.settledAt?.toISOString() ?? null,
});
