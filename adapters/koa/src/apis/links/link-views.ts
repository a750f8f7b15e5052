import { LINK_PLACEHOLDER, type LinkSms, type LinkSnapshot } from '@tuma/links';
import { z } from 'zod';

/** A link as the links API shows it (docs/links.md, "Links"): never its password or its hash. */
export const linkSchema = z.object({
  id: z.string(),
  slug: z.string(),
  short_url: z.string(),
  url: z.string(),
  domain_id: z.string().nullable(),
  campaign_id: z.string().nullable(),
  title: z.string().nullable(),
  tags: z.array(z.string()),
  expires_at: z.string().nullable(),
  has_password: z.boolean(),
  clicks: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The SMS a new link was sent by (`POST /links` with `sms`). */
export const linkSmsSchema = z.object({
  message_id: z.string().describe('msg_...: the SMS API’s message (its delivery reports go to the account’s dlr_url)'),
  to: z.string(),
  status: z.string(),
  segments: z.number().int(),
  cost: z.number().describe('Charged to the wallet (0 for a test key)'),
  currency: z.string(),
});

export const createdLinkSchema = linkSchema.extend({ sms: linkSmsSchema.optional() });

export const linkSmsView = (sms: LinkSms): z.infer<typeof linkSmsSchema> => ({
  message_id: sms.messageId,
  to: sms.to,
  status: sms.status,
  segments: sms.segments,
  cost: sms.cost.toNumber(),
  currency: sms.cost.currency,
});

export const linkView = (link: LinkSnapshot, shortUrl: string): z.infer<typeof linkSchema> => ({
  id: link.id,
  slug: link.slug,
  short_url: shortUrl,
  url: link.url,
  domain_id: link.domainId,
  campaign_id: link.campaignId,
  title: link.title,
  tags: [...link.tags],
  expires_at: link.expiresAt?.toISOString() ?? null,
  has_password: link.passwordHash !== null,
  clicks: link.clicks,
  created_at: link.createdAt.toISOString(),
  updated_at: link.updatedAt.toISOString(),
});

const utmValue = z.string().trim().min(1).max(200).nullable().optional();
const isoDateTime = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time with a time zone (e.g. 2026-12-01T00:00:00Z)' }).transform((value) => new Date(value));
const target = z.string().trim().min(1).max(2048);

/** The fields a link may be given or changed to; the URLs are screened and the slug checked by the use case (422 naming them). */
const linkFields = {
  url: target.describe('http or https; screened (no private or internal addresses, literal or resolved; no blocked hosts; no short links of ours, branded domains included). A name that does not resolve (yet) is accepted: it is never fetched'),
  slug: z.string().max(64).describe('1-64 of A-Z a-z 0-9 _ -, unique on the domain; 7 random characters when absent'),
  campaign_id: z.string().max(64).nullable(),
  title: z.string().trim().max(200).nullable(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20),
  expires_at: isoDateTime.nullable().describe('After it, a click goes to expired_url, or gets 410'),
  expired_url: target.nullable(),
  password: z.string().min(1).max(1024).nullable().describe('8 to 128 characters, asked for on a page before the redirect; stored as a scrypt hash; null removes it'),
  utm: z.strictObject({ source: utmValue, medium: utmValue, campaign: utmValue, term: utmValue, content: utmValue }).describe('Merged into the target as utm_* parameters'),
};

export const createLinkBody = z.strictObject({
  ...linkFields,
  slug: linkFields.slug.optional(),
  sms: z
    .strictObject({
      to: z.string().min(1).max(32).describe('International format'),
      text: z.string().min(1).max(1600).optional().describe(`${LINK_PLACEHOLDER} is replaced by the short URL; without it the URL is appended after a space; absent: the URL alone`),
    })
    .optional()
    .describe('Send the new link by SMS, billed to the wallet (a plan with the SMS integration); the link exists only if its SMS was accepted'),
  domain_id: z.string().max(64).nullable().optional().describe('A verified branded domain of the account: the link is https://<hostname>/<slug> (docs/links.md, "Branded domains")'),
  campaign_id: linkFields.campaign_id.optional(),
  title: linkFields.title.optional(),
  tags: linkFields.tags.optional(),
  expires_at: linkFields.expires_at.optional(),
  expired_url: linkFields.expired_url.optional(),
  password: linkFields.password.optional(),
  utm: linkFields.utm.optional(),
});

export const updateLinkBody = z.strictObject(linkFields).partial();

/** The body's fields as the use cases name them. */
export const linkFieldsOf = (body: z.infer<typeof updateLinkBody>) => ({
  url: body.url,
  slug: body.slug,
  campaignId: body.campaign_id,
  title: body.title,
  tags: body.tags,
  expiresAt: body.expires_at,
  expiredUrl: body.expired_url,
  password: body.password,
  utm: body.utm,
});
