import { SUPPRESSION_REASONS, type Suppression } from '@tuma/mail';
import { z } from 'zod';

export const suppressionSchema = z.object({
  id: z.string(),
  email: z.string().describe('Lower-case'),
  reason: z.enum(SUPPRESSION_REASONS),
  email_id: z.string().nullable().describe('The email whose bounce or complaint added it'),
  detail: z.string().nullable().describe("The receiving server's reply, for a bounce"),
  created_at: z.string(),
});

export const suppressionView = (s: Suppression): z.infer<typeof suppressionSchema> => ({
  id: s.id,
  email: s.email,
  reason: s.reason,
  email_id: s.emailId,
  detail: s.detail,
  created_at: s.createdAt.toISOString(),
});
