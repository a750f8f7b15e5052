/**
 * The receipt text of SMPP 3.4 Appendix B, which nearly every SMSC sends in short_message:
 * `id:IIIIIIIIII sub:SSS dlvrd:DDD submit date:YYMMDDhhmm done date:YYMMDDhhmm stat:DDDDDDD err:E text:...`.
 * Fields may be missing or in another order; names are read in any case; `text:` runs to the end.
 */

export interface ReceiptText {
  readonly id: string;
  readonly sub: string | null;
  readonly dlvrd: string | null;
  readonly submitDate: Date | null;
  readonly doneDate: Date | null;
  readonly stat: string | null;
  readonly err: string | null;
  readonly text: string | null;
}

const FIELD = /(?:^|\s)(id|sub|dlvrd|submit date|done date|stat|err|text):/gi;

/** The fields of a receipt text; null when it has no `id:`. */
export function parseReceiptText(raw: string): ReceiptText | null {
  const fields = new Map<string, string>();
  const markers = [...raw.matchAll(FIELD)];
  for (const [index, marker] of markers.entries()) {
    const name = marker[1]!.toLowerCase();
    const start = marker.index + marker[0].length;
    const end = name === 'text' ? raw.length : (markers[index + 1]?.index ?? raw.length);
    if (!fields.has(name)) fields.set(name, name === 'text' ? raw.slice(start, end) : raw.slice(start, end).trim());
    if (name === 'text') break;
  }
  const id = fields.get('id');
  if (!id) return null;
  const field = (name: string): string | null => fields.get(name) ?? null;
  return {
    id,
    sub: field('sub'),
    dlvrd: field('dlvrd'),
    submitDate: parseReceiptDate(field('submit date')),
    doneDate: parseReceiptDate(field('done date')),
    stat: field('stat'),
    err: field('err'),
    text: field('text'),
  };
}

/**
 * `YYMMDDhhmm` or `YYMMDDhhmmss`, read as UTC in this century (the format carries no zone; SMSCs
 * use their own clock). Null when absent or not a valid date.
 */
export function parseReceiptDate(value: string | null): Date | null {
  const match = value === null ? null : /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? '0')) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
  const valid = date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  return valid ? date : null;
}
