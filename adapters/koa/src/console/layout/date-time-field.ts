/**
 * The console's date-time fields: a browser's date-time picker (`<input type="datetime-local">`)
 * gives a time without a zone, which the console reads as UTC (every time it shows is UTC, and each
 * such field's label says so); a full ISO 8601 date-time with its zone, typed or pasted, is taken
 * as it is.
 */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant a date-time field names, or undefined for text that is not one. */
export function readDateTimeField(text: string): Date | undefined {
  const at = LOCAL_TIME.test(text) ? new Date(`${text}Z`) : ISO_TIME.test(text) ? new Date(text) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

/** A field's text as the API's ISO 8601 date-time (UTC), or the text as it is when it names no instant (the API's schema then refuses it by name). */
export const dateTimeFieldAsIso = (text: string): string => readDateTimeField(text)?.toISOString() ?? text;

/** An instant as a date-time picker shows it: UTC, to the minute (or the second it has). */
export function dateTimeFieldValue(iso: string): string {
  const at = readDateTimeField(iso);
  if (!at) return iso;
  const text = at.toISOString();
  return at.getUTCSeconds() === 0 ? text.slice(0, 16) : text.slice(0, 19);
}
