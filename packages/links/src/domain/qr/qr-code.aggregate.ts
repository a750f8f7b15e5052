import { err, fieldError, newId, ok, type Result, type ValidationError } from '@tuma/kernel';
import type { LinkEnvironment } from '../links/link.aggregate.ts';

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
export const DEFAULT_QR_COLORS = { fg: '#1F1B17', bg: '#FFFFFF' } as const;

export interface QrCodeSnapshot {
  readonly id: string;
  readonly accountId: string;
  readonly environment: LinkEnvironment;
  /** The link it encodes (its short URL, so scans are counted), or null for a screened URL of its own. */
  readonly linkId: string | null;
  /** What the code encodes. */
  readonly targetUrl: string;
  readonly label: string | null;
  /** `#RRGGBB`, upper case. */
  readonly fgColor: string;
  readonly bgColor: string;
  readonly createdAt: Date;
}

/** `#RRGGBB` (any case), kept upper case; a 422 naming the field otherwise. */
export function hexColor(raw: string | undefined, field: string, fallback: string): Result<string, ValidationError> {
  if (raw === undefined) return ok(fallback);
  return HEX_COLOR.test(raw) ? ok(raw.toUpperCase()) : err(fieldError(field, 'A colour is #RRGGBB (hex)'));
}

/** A QR code of the links API (docs/links.md, "QR codes"): its image is drawn on demand from these fields, never stored. */
export class QrCode {
  private constructor(private readonly state: QrCodeSnapshot) {}

  static create(input: Omit<QrCodeSnapshot, 'id' | 'createdAt'>, now: Date): QrCode {
    return new QrCode({ ...input, id: newId('qr', now), createdAt: now });
  }

  toSnapshot(): QrCodeSnapshot {
    return this.state;
  }
}
