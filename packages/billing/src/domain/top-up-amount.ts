import { err, MICROS_PER_UNIT, Money, ok, parseCurrencyCode, validationError, type CurrencyCode, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';

/**
 * Limits of one top-up, in whole units of the wallet currency, whatever the currency: at least 1
 * (nobody pays a checkout for less) and at most 10^9 (so every amount renders as an exact JSON
 * number with its six decimals, and a typo of a few extra digits is refused). Payment providers
 * add their own rules (`PaymentProvider.amountProblem`), e.g. Stripe's minor units.
 */
export const TOP_UP_MIN_UNITS = 1n;
export const TOP_UP_MAX_UNITS = 1_000_000_000n;

export interface TopUpAmountInput {
  /** A decimal string (exact) or a JSON number (read through its shortest decimal form). */
  readonly amount: string | number;
  /** Optional; when given it must be the wallet currency (top-ups never convert). */
  readonly currency?: string | undefined;
  readonly walletCurrency: CurrencyCode;
}

/** The amount of a top-up in the wallet currency, or a validation error naming `amount` / `currency`. */
export function parseTopUpAmount(input: TopUpAmountInput): Result<Money, ValidationError> {
  const issues: FieldIssue[] = [];
  const currencyIssue = checkCurrency(input.currency, input.walletCurrency);
  if (currencyIssue) issues.push({ path: 'currency', message: currencyIssue });
  const amount = Money.parse(input.amount, input.walletCurrency);
  if (amount.isErr()) {
    const message =
      amount.error.reason === 'too_many_decimals' ? amount.error.message : 'Must be a decimal amount such as 25 or "25.50" (no exponent, no separators)';
    issues.push({ path: 'amount', message });
  } else {
    const rangeIssue = checkRange(amount.value);
    if (rangeIssue) issues.push({ path: 'amount', message: rangeIssue });
  }
  if (issues.length > 0 || amount.isErr()) return err(validationError(issues));
  return ok(amount.value);
}

function checkCurrency(given: string | undefined, wallet: CurrencyCode): string | undefined {
  if (given === undefined) return undefined;
  const code = parseCurrencyCode(given);
  if (!code) return `Not an ISO 4217 currency code: ${given}`;
  if (code !== wallet) return `Top-ups are in the wallet currency, ${wallet}; got ${code}`;
  return undefined;
}

function checkRange(amount: Money): string | undefined {
  if (!amount.isPositive()) return 'Must be greater than zero';
  if (amount.micros < TOP_UP_MIN_UNITS * MICROS_PER_UNIT) return `At least ${TOP_UP_MIN_UNITS} ${amount.currency}`;
  if (amount.micros > TOP_UP_MAX_UNITS * MICROS_PER_UNIT) return `At most ${TOP_UP_MAX_UNITS} ${amount.currency}`;
  return undefined;
}
