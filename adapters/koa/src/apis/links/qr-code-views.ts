import type { QrCodeSnapshot } from '@tuma/links';
import { z } from 'zod';

const hex = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'A colour is #RRGGBB (hex)');

/** A QR code as the links API shows it (spec "QR code"); `png` only in the create answer. */
export const qrCodeSchema = z.object({
  id: z.string(),
  link_id: z.string().nullable(),
  target_url: z.string().describe('What the code encodes: the link’s short URL, or the URL given'),
  label: z.string().nullable(),
  fg_color: z.string(),
  bg_color: z.string(),
  created_at: z.string(),
});

export const createdQrCodeSchema = qrCodeSchema.extend({ png: z.string().describe('data:image/png;base64,...') });

export const createQrCodeBody = z.strictObject({
  link_id: z.string().min(1).max(64).optional().describe('One of the account’s links: the code encodes its short URL'),
  url: z.string().trim().min(1).max(2048).optional().describe('Or a URL of its own, screened as a link’s target'),
  label: z.string().trim().max(200).nullable().optional(),
  fg_color: hex.optional().describe('Default #1F1B17'),
  bg_color: hex.optional().describe('Default #FFFFFF'),
});

export const qrCodeView = (code: QrCodeSnapshot): z.infer<typeof qrCodeSchema> => ({
  id: code.id,
  link_id: code.linkId,
  target_url: code.targetUrl,
  label: code.label,
  fg_color: code.fgColor,
  bg_color: code.bgColor,
  created_at: code.createdAt.toISOString(),
});

export const pngDataUri = (png: Uint8Array): string => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
