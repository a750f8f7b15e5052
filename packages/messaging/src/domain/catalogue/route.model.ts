import { conflict, err, MICROS_PER_UNIT, ok, validationError, type ConflictError, type CurrencyCode, type FieldIssue, type Money, type Result, type ValidationError } from '@tuma/kernel';

export const ROUTE_CODE_PREFIX = 'SVC_';

/** Longest route name an operator may give. */
export const ROUTE_NAME_MAX_LENGTH = 120;

/** Sender IDs are 1 to 11 characters (spec: Limits). */
export const SENDER_ID_MAX_LENGTH = 11;

/**
 * Prices stay below 10^9 units of their currency: with six decimals that is at most 15 significant
 * digits, which a JSON number renders exactly, and far inside the numeric(20,6) columns.
 */
export const ROUTE_PRICE_LIMIT_MICROS = 1_000_000_000n * MICROS_PER_UNIT;

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

/**
 * What an operator may change on a route. A new price carries its currency, which becomes the
 * route's currency: an amount is never reinterpreted in another currency. The code and the country
 * of a route never change.
 */
export interface RouteChanges {
  readonly name?: string;
  readonly pricePerSegment?: Money;
  readonly senderIdDefault?: string;
  readonly isActive?: boolean;
}

/** `KE` -> `SVC_KE`. */
export function routeCodeFor(countryCode: string): string {
  return `${ROUTE_CODE_PREFIX}${countryCode.trim().toUpperCase()}`;
}

const hasControlCharacter = (text: string): boolean => /\p{Cc}/u.test(text);

/**
 * The fields of `changes` that break a route's rules, named as the API names them: a price is
 * positive and below the limit, a name is 1 to 120 characters, a default sender ID 1 to 11, both
 * without control characters and not blank. Names and sender IDs are taken trimmed.
 */
export function routeChangeIssues(changes: RouteChanges): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const price = changes.pricePerSegment;
  if (price !== undefined) {
    if (!price.isPositive()) issues.push({ path: 'price_per_segment', message: 'Must be greater than 0' });
    else if (price.micros >= ROUTE_PRICE_LIMIT_MICROS) issues.push({ path: 'price_per_segment', message: 'Must be less than 1000000000' });
  }
  const text = (path: string, value: string | undefined, max: number) => {
    if (value === undefined) return;
    const trimmed = value.trim();
    if (trimmed.length === 0 || trimmed.length > max) issues.push({ path, message: `Must be 1 to ${max} characters` });
    else if (hasControlCharacter(trimmed)) issues.push({ path, message: 'Must not contain control characters' });
  };
  text('name', changes.name, ROUTE_NAME_MAX_LENGTH);
  text('sender_id_default', changes.senderIdDefault, SENDER_ID_MAX_LENGTH);
  return issues;
}

/** A validation error whose message lists its issues (`price_per_segment: Must be greater than 0`). */
export const routeValidationError = (issues: readonly FieldIssue[]): ValidationError =>
  validationError(issues);

/** The route with `changes` applied, or every field of `changes` that breaks a route's rules. */
export function reviseRoute(route: Route, changes: RouteChanges): Result<Route, ValidationError> {
  const issues = routeChangeIssues(changes);
  if (issues.length > 0) return err(routeValidationError(issues));
  const price = changes.pricePerSegment ?? route.pricePerSegment;
  return ok({
    ...route,
    name: changes.name?.trim() ?? route.name,
    currency: price.currency,
    pricePerSegment: price,
    senderIdDefault: changes.senderIdDefault?.trim() ?? route.senderIdDefault,
    isActive: changes.isActive ?? route.isActive,
  });
}

/**
 * A country has at most one active route: the conflict when `route`, active, would sit beside
 * `activeRoute`, the country's active route (if any).
 */
export function secondActiveRoute(route: Route, activeRoute: Route | undefined): ConflictError | undefined {
  if (!route.isActive || !activeRoute || activeRoute.code === route.code) return undefined;
  return conflict('route', `${route.countryName} (${route.countryCode}) already has an active route, ${activeRoute.code}: deactivate it first`);
}
