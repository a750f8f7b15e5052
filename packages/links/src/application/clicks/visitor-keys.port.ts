/**
 * The unique-visitor key of a click: a keyed hash (secret salt) of the UTC day, the address and the
 * User-Agent. The raw address is never stored; the same visitor gets another key the next day.
 */
export interface VisitorKeys {
  keyOf(day: string, address: string, userAgent: string): string;
}
