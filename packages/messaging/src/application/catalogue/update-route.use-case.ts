import { err, errAsync, Money, notFound, ok, parseCurrencyCode, ResultAsync, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import type { Catalogue, RouteUpdateError } from './catalogue.port.ts';
import { routeChangeIssues, routeValidationError, type Route, type RouteChanges } from '../../domain/catalogue/route.model.ts';

export interface UpdateRouteInput {
  readonly code: string;
  /** A decimal (string or number), at most 6 decimals, > 0: in `currency` when given, else in the route's currency. */
  readonly pricePerSegment?: string | number;
  /** ISO 4217. Changing it needs a new `pricePerSegment`: an amount is never reinterpreted. */
  readonly currency?: string;
  readonly isActive?: boolean;
  readonly senderIdDefault?: string;
  readonly name?: string;
}

export type UpdateRouteError = RouteUpdateError;

const FIELDS = 'price_per_segment, currency, is_active, sender_id_default, name';

/**
 * Operator: changes a route's price (and with it, its currency), activation, default sender ID or
 * name. Every offending field is named in one validation error; activating a second route for a
 * country is a conflict. The change is immediately what routes, pricing and coverage show.
 */
export class UpdateRoute {
  constructor(private readonly catalogue: Catalogue) {}

  execute(input: UpdateRouteInput): ResultAsync<Route, UpdateRouteError> {
    return ResultAsync.fromSafePromise(this.catalogue.findRoute(input.code)).andThen((route) => {
      if (!route) return errAsync(notFound('route', input.code));
      const changes = changesFor(route, input);
      if (changes.isErr()) return errAsync(changes.error);
      return new ResultAsync(this.catalogue.updateRoute(route.code, changes.value));
    });
  }
}

function changesFor(route: Route, input: UpdateRouteInput): Result<RouteChanges, ValidationError> {
  const issues: FieldIssue[] = [];
  const given = [input.pricePerSegment, input.currency, input.isActive, input.senderIdDefault, input.name].filter((v) => v !== undefined);
  if (given.length === 0) issues.push({ path: '', message: `Nothing to change: give at least one of ${FIELDS}` });

  let currency = route.currency;
  if (input.currency !== undefined) {
    const parsed = parseCurrencyCode(input.currency);
    if (!parsed) issues.push({ path: 'currency', message: `Not an ISO 4217 currency code: ${input.currency}` });
    else if (input.pricePerSegment === undefined && parsed !== route.currency) {
      issues.push({ path: 'currency', message: `Changing the currency (now ${route.currency}) needs a new price_per_segment in it` });
    } else currency = parsed;
  }

  let pricePerSegment: Money | undefined;
  if (input.pricePerSegment !== undefined) {
    const parsed = Money.parse(input.pricePerSegment, currency);
    if (parsed.isOk()) pricePerSegment = parsed.value;
    else if (parsed.error.reason === 'too_many_decimals') issues.push({ path: 'price_per_segment', message: 'At most 6 decimal places are allowed' });
    else issues.push({ path: 'price_per_segment', message: 'Must be a decimal number, e.g. 0.85' });
  }

  const changes: RouteChanges = {
    ...(pricePerSegment ? { pricePerSegment } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    ...(input.senderIdDefault !== undefined ? { senderIdDefault: input.senderIdDefault } : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
  };
  issues.push(...routeChangeIssues(changes));
  return issues.length > 0 ? err(routeValidationError(issues)) : ok(changes);
}
