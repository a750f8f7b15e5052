import { SENDER_ADDRESS_STATUSES, type SenderAddressSnapshot } from '@tuma/mail';
import { z } from 'zod';

export const senderAddressSchema = z.object({
  id: z.string(),
  email: z.string().describe('Lower-case'),
  name: z.string().nullable().describe("Shown as the From's name when a send gives none"),
  status: z.enum(SENDER_ADDRESS_STATUSES).describe('pending until the link mailed to it is followed; confirmed: it may be a from'),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
});

export const senderAddressView = (a: SenderAddressSnapshot): z.infer<typeof senderAddressSchema> => ({
  id: a.id,
  email: a.email,
  name: a.name,
  status: a.status,
  confirmed_at: a.confirmedAt?.toISOString() ?? null,
  created_at: a.createdAt.toISOString(),
});
