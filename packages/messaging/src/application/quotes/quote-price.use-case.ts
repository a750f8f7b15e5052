import {
  priceMessage,
  routeCost,
  sumCosts,
  type FxRates,
  type Price,
  type WalletBalances,
} from '@tuma/billing';
import {
  err,
  errAsync,
  fieldError,
  ok,
  ResultAsync,
  validationError,
  type CurrencyCode,
  type FieldIssue,
  type Money,
  type Result,
  type ValidationError,
} from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import type { Route } from '../../domain/catalogue/route.model.ts';
import { MAX_RECIPIENTS_PER_CALL } from '../../domain/limits.ts';
import type { InvalidPhoneNumberReason } from '../../domain/numbers/number-parser.ts';
import { PhoneNumber } from '../../domain/numbers/phone-number.value-object.ts';
import { DEFAULT_MAX_SEGMENTS, segmentMessage, type SegmentedMessage } from '../../domain/segmenting/segmenter.ts';
import { explainEncoding, smartEncode } from '../../domain/segmenting/smart-encoding.ts';
import type { SmsSettingsRepository } from '../settings/sms-settings.port.ts';
import { RouteRateCache } from '../sending/route-rate-cache.ts';
import { priceGsm7Alternative, type Gsm7Alternative } from './gsm7-alternative.ts';

export interface QuotePriceInput {
  /** Whose wallet the quote is for. */
  readonly accountId: string;
  /** The caller's key: test sends are never charged, so they are always affordable. */
  readonly environment: 'live' | 'test';
  readonly walletCurrency: CurrencyCode;
  /** Recipients as given (1 to 1000), in any format: invalid ones are quoted as unroutable. */
  readonly to: readonly string[];
  readonly text: string;
  /** A route code (`SVC_KE`) to use instead of each number's country route. */
  readonly route?: string | undefined;
  /** Quote the text smart-encoded (as a send with it would go); undefined: the account's default. */
  readonly smartEncoding?: boolean | undefined;
}

/**
 * Why a recipient cannot be sent to (and is not priced in the wallet currency):
 * - a number validation reason (`not_numeric`, `parse_error`, `impossible_number`, `invalid_number`);
 * - `no_route`: a valid number of a country without an active route;
 * - `route_mismatch`: the explicit `route` serves another country;
 * - `fx_rate_missing`: the route currency cannot be converted into the wallet currency.
 */
export type UnroutableReason = InvalidPhoneNumberReason | 'no_route' | 'route_mismatch' | 'fx_rate_missing';

export interface QuotedRecipient {
  /** E.164 when the number is valid, else the input as given. */
  readonly to: string;
  /** The input exactly as given. */
  readonly input: string;
  /** ISO alpha-2 of a valid number, else null. */
  readonly country: string | null;
  /** The route that would carry it (also set for `fx_rate_missing`), else null. */
  readonly route: Route | null;
  /** Segments x the route's price, in the route currency, whenever a route was found. */
  readonly routeCost: Money | null;
  /** The full price (wallet cost and rate used): set exactly when `routable`. */
  readonly price: Price | null;
  readonly routable: boolean;
  /** Null exactly when `routable`. */
  readonly reason: UnroutableReason | null;
}

export interface PriceQuote {
  /** The text's segmenting: every recipient is billed `message.segments` segments. */
  readonly message: SegmentedMessage;
  readonly walletCurrency: CurrencyCode;
  /** Null when the account has no wallet yet. */
  readonly walletBalance: Money | null;
  /** In input order, one per input (duplicates are quoted as often as given). */
  readonly recipients: readonly QuotedRecipient[];
  readonly routableCount: number;
  /** The inputs, as given, of the recipients that are not routable. */
  readonly unroutable: readonly string[];
  /** The exact sum of the routable recipients' wallet costs. */
  readonly totalCost: Money;
  /** balance >= total; null without a wallet; always true for test keys (never charged). */
  readonly affordable: boolean | null;
  /** A UCS-2 text: the characters that make it so and what the routable recipients would cost in GSM-7; null for GSM-7. */
  readonly gsm7Alternative: Gsm7Alternative | null;
  /** The text quoted, when smart encoding changed the one given; else null. */
  readonly smartEncoded: string | null;
}

export type QuotePriceError = ValidationError;

/**
 * Prices a text for a list of recipients without sending or charging anything (`POST
 * /api/messages/rate`). Each recipient is priced with the rule of `@tuma/billing` (`priceMessage`):
 * route cost = segments x price per segment, wallet cost = route cost converted once at the
 * resolved rate, rounded half-even to micro-units. Recipients that cannot be sent to are listed
 * with a reason, never an error; only a malformed request (no text, no or too many recipients, an
 * unknown or inactive `route`) fails.
 */
export class QuotePrice {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly fxRates: FxRates,
    private readonly walletBalances: WalletBalances,
    private readonly settings: SmsSettingsRepository,
    private readonly maxSegments: number = DEFAULT_MAX_SEGMENTS,
  ) {}

  execute(input: QuotePriceInput): ResultAsync<PriceQuote, QuotePriceError> {
    const issues: FieldIssue[] = [];
    if (input.to.length === 0) issues.push({ path: 'to', message: 'At least one recipient' });
    if (input.to.length > MAX_RECIPIENTS_PER_CALL) issues.push({ path: 'to', message: `At most ${MAX_RECIPIENTS_PER_CALL} recipients` });
    if (input.text.length === 0) issues.push({ path: 'text', message: 'The text must not be empty' });
    if (issues.length > 0) return errAsync(validationError(issues));
    return new ResultAsync(this.explicitRoute(input.route)).andThen((explicit) =>
      ResultAsync.fromSafePromise(this.quote(input, explicit)),
    );
  }

  private async explicitRoute(code: string | undefined): Promise<Result<Route | undefined, ValidationError>> {
    if (code === undefined) return ok(undefined);
    const route = await this.catalogue.findRoute(code);
    if (!route) return err(fieldError('route', `Unknown route: ${code}`));
    if (!route.isActive) return err(fieldError('route', `Route ${route.code} is not active`));
    return ok(route);
  }

  private async quote(input: QuotePriceInput, explicit: Route | undefined): Promise<PriceQuote> {
    const { walletCurrency } = input;
    const smart = input.smartEncoding ?? (await this.settings.settingsOf(input.accountId)).smartEncoding;
    const encoded = smart ? smartEncode(input.text, this.maxSegments) : { text: input.text, original: input.text, changed: false };
    const message = segmentMessage(encoded.text, { maxSegments: this.maxSegments });
    const cache = new RouteRateCache(this.catalogue, this.fxRates, walletCurrency);

    const recipients: QuotedRecipient[] = [];
    for (const raw of input.to) {
      const number = PhoneNumber.create(raw);
      if (number.isErr()) {
        recipients.push(unroutable(raw, raw, null, null, null, number.error.reason));
        continue;
      }
      const { e164, country } = number.value;
      if (explicit && explicit.countryCode !== country) {
        recipients.push(unroutable(raw, e164, country, null, null, 'route_mismatch'));
        continue;
      }
      const route = explicit ?? (await cache.routeFor(country));
      if (!route) {
        recipients.push(unroutable(raw, e164, country, null, null, 'no_route'));
        continue;
      }
      const rate = await cache.rateFor(route.currency);
      if (rate.isErr()) {
        recipients.push(unroutable(raw, e164, country, route, routeCost(message.segments, route.pricePerSegment), 'fx_rate_missing'));
        continue;
      }
      const price = priceMessage({ segments: message.segments, pricePerSegment: route.pricePerSegment, rate: rate.value.rate });
      recipients.push({ to: e164, input: raw, country, route, routeCost: price.routeCost, price, routable: true, reason: null });
    }

    const totalCost = sumCosts(
      recipients.flatMap((r) => (r.price ? [r.price.walletCost] : [])),
      walletCurrency,
    );
    const walletBalance = (await this.walletBalances.balanceOf(input.accountId)) ?? null;
    const explanation = explainEncoding(encoded.text, this.maxSegments);
    const gsm7Alternative =
      explanation &&
      priceGsm7Alternative(
        explanation,
        recipients.flatMap((r) => (r.price ? [{ price: r.price, gsm7Segments: explanation.gsm7.segments }] : [])),
        walletCurrency,
        totalCost,
      );
    return {
      message,
      walletCurrency,
      walletBalance,
      recipients,
      routableCount: recipients.filter((r) => r.routable).length,
      unroutable: recipients.filter((r) => !r.routable).map((r) => r.input),
      totalCost,
      affordable: input.environment === 'test' ? true : walletBalance === null ? null : walletBalance.compare(totalCost) >= 0,
      gsm7Alternative,
      smartEncoded: encoded.changed ? encoded.text : null,
    };
  }
}

function unroutable(
  input: string,
  to: string,
  country: string | null,
  route: Route | null,
  cost: Money | null,
  reason: UnroutableReason,
): QuotedRecipient {
  return { to, input, country, route, routeCost: cost, price: null, routable: false, reason };
}
