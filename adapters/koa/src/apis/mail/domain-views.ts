import { DOMAIN_STATUSES, RECORD_PURPOSES, RECORD_STATUSES, REGIONS, type MailDomainView } from '@tuma/mail';
import { z } from 'zod';

const recordSchema = z.object({
  record: z.enum(RECORD_PURPOSES),
  type: z.enum(['TXT', 'MX']),
  name: z.string().describe('The host to publish at, fully qualified'),
  value: z.string(),
  priority: z.number().int().nullable().describe('MX only'),
  required: z.boolean().describe('Needed to verify the domain; the others help delivery'),
  status: z.enum(RECORD_STATUSES),
});

export const mailDomainSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: z.enum(REGIONS),
  status: z.enum(DOMAIN_STATUSES),
  records: z.array(recordSchema),
  open_tracking: z.boolean(),
  click_tracking: z.boolean(),
  dkim_selector: z.string(),
  checked_at: z.string().nullable(),
  created_at: z.string(),
});

/** Never the key: only the records to publish, with what the last check found. */
export const mailDomainView = (domain: MailDomainView): z.infer<typeof mailDomainSchema> => ({
  id: domain.id,
  name: domain.name,
  region: domain.region,
  status: domain.status,
  records: domain.records.map((record) => ({
    record: record.purpose,
    type: record.type,
    name: record.host,
    value: record.value,
    priority: record.priority,
    required: record.required,
    status: record.status,
  })),
  open_tracking: domain.openTracking,
  click_tracking: domain.clickTracking,
  dkim_selector: domain.dkimSelector,
  checked_at: domain.checkedAt?.toISOString() ?? null,
  created_at: domain.createdAt.toISOString(),
});
