import type { CurrencyCode, Money } from '@tuma/kernel';

export const ROUTE_CODE_PREFIX = 'SVC_';

/**
 * A priced path for SMS to one country. Route codes have the form `SVC_<CC>` with `<CC>` the
 * country's ISO 3166-1 alpha-2 code. `pricePerSegment` is in the route currency, which is usually
 * but not always the country's currency.
 */
export interface Route {
  readonly code: string;
  readonly name: string;
  readonly countryCode: string;
  readonly countryName: string;
  readonly currency: CurrencyCode;
  /** One 160-character GSM-7 or 70-character Unicode segment, in `currency`. */
  readonly pricePerSegment: Money;
  /** Sender used when the caller gives none or one not approved for the destination. */
  readonly senderIdDefault: string;
  readonly isActive: boolean;
}

/** `KE` -> `SVC_KE`. */
export function routeCodeFor(countryCode: string): string {
  return `${ROUTE_CODE_PREFIX}${countryCode.trim().toUpperCase()}`;
}
