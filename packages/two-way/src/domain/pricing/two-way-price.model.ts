import { err, Money, ok, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';

/**
 * One country's row of the operator-editable two-way price table, in USD (docs/two-way.md,
 * "Price table"). Per-SMS prices are not stored here unless the operator sets a custom one: the
 * basic rate follows the country's SMS route.
 */
export interface TwoWayPrice {
  readonly countryCode: string;
  /** Whether short codes are offered at all (a country also needs a per-SMS price to be available). */
  readonly offered: boolean;
  readonly setupFeeUsd: Money;
  /** Dedicated code, VAT inclusive. */
  readonly monthlyFeeUsd: Money;
  readonly sharedKeywordMonthlyFeeUsd: Money;
  /** Replaces the basic rate for inbound and outbound SMS when set. */
  readonly customSmsPriceUsd: Money | null;
  readonly tollFreeAvailable: boolean;
  /** Null: the same as the inbound price. */
  readonly tollFreeInboundPriceUsd: Money | null;
}

/** What the operator sends for one country (`PUT /api/admin/two-way/pricing/{cc}`): decimal strings in USD. */
export interface TwoWayPriceInput {
  readonly offered: boolean;
  readonly setupFeeUsd: string;
  readonly monthlyFeeUsd: string;
  readonly sharedKeywordMonthlyFeeUsd: string;
  readonly customSmsPriceUsd: string | null;
  readonly tollFreeAvailable: boolean;
  readonly tollFreeInboundPriceUsd: string | null;
}

const usd = (path: string, raw: string, issues: FieldIssue[]): Money | null => {
  const parsed = Money.parse(raw, 'USD');
  if (parsed.isErr() || parsed.value.isNegative()) {
    issues.push({ path, message: 'A USD amount of zero or more' });
    return null;
  }
  return parsed.value;
};

/** The row an operator's input makes, every bad amount named. */
export function twoWayPriceOf(countryCode: string, input: TwoWayPriceInput): Result<TwoWayPrice, ValidationError> {
  const issues: FieldIssue[] = [];
  const setupFeeUsd = usd('setup_fee_usd', input.setupFeeUsd, issues);
  const monthlyFeeUsd = usd('monthly_fee_usd', input.monthlyFeeUsd, issues);
  const sharedKeywordMonthlyFeeUsd = usd('shared_keyword_monthly_fee_usd', input.sharedKeywordMonthlyFeeUsd, issues);
  const customSmsPriceUsd = input.customSmsPriceUsd === null ? null : usd('custom_sms_price_usd', input.customSmsPriceUsd, issues);
  const tollFreeInboundPriceUsd = input.tollFreeInboundPriceUsd === null ? null : usd('toll_free_inbound_price_usd', input.tollFreeInboundPriceUsd, issues);
  if (issues.length > 0 || !setupFeeUsd || !monthlyFeeUsd || !sharedKeywordMonthlyFeeUsd) return err(validationError(issues));
  return ok({
    countryCode,
    offered: input.offered,
    setupFeeUsd,
    monthlyFeeUsd,
    sharedKeywordMonthlyFeeUsd,
    customSmsPriceUsd,
    tollFreeAvailable: input.tollFreeAvailable,
    tollFreeInboundPriceUsd,
  });
}
