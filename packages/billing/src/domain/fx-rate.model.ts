import { err, ExchangeRate, numberToDecimalString, ok, parseCurrencyCode, parseExactDecimal, RATE_MAX_DECIMALS, validationError, type CurrencyCode, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';

/** A rate fits `numeric(30,12)`: at most 18 digits before the decimal point. */
export const FX_RATE_MAX_INTEGER_DIGITS = 18;
export const FX_RATE_SETTER_MAX_LENGTH = 120;

export interface FxRateSnapshot {
  readonly from: CurrencyCode;
  readonly to: CurrencyCode;
  /** Exact decimal string, e.g. `129.5`. */
  readonly rate: string;
  readonly updatedAt: Date;
  /** Who set it: `key:<prefix>` for the HTTP API, `cli`, `sample-data`, or null. */
  readonly updatedBy: string | null;
}

export interface SetFxRateInput {
  readonly from: string;
  readonly to: string;
  /** A decimal string (exact) or a JS number (read through its shortest decimal form). */
  readonly rate: string | number;
  readonly updatedBy?: string | null;
}

/**
 * An operator-set exchange rate: 1 `from` buys `rate` `to`. One per ordered currency pair; setting
 * it again replaces it. Held exactly (up to 12 decimals), never as a float.
 */
export class FxRate {
  private constructor(
    readonly exchangeRate: ExchangeRate,
    readonly updatedAt: Date,
    readonly updatedBy: string | null,
  ) {}

  /** Validates every field at once: the error names each offending one. */
  static set(input: SetFxRateInput, now: Date): Result<FxRate, ValidationError> {
    const issues: FieldIssue[] = [];
    const from = parseCurrencyCode(input.from);
    const to = parseCurrencyCode(input.to);
    if (!from) issues.push({ path: 'from', message: `Not an ISO 4217 currency code: ${input.from}` });
    if (!to) issues.push({ path: 'to', message: `Not an ISO 4217 currency code: ${input.to}` });
    if (from && to && from === to) issues.push({ path: 'to', message: 'Must differ from `from`: a currency converts to itself at 1' });
    const rateText = typeof input.rate === 'number' ? numberToDecimalString(input.rate) : input.rate.trim();
    const rateIssue = checkRate(rateText);
    if (rateIssue) issues.push({ path: 'rate', message: rateIssue });
    const updatedBy = input.updatedBy?.trim() || null;
    if (updatedBy && updatedBy.length > FX_RATE_SETTER_MAX_LENGTH) {
      issues.push({ path: 'updated_by', message: `At most ${FX_RATE_SETTER_MAX_LENGTH} characters` });
    }
    if (issues.length > 0 || !from || !to || rateText === undefined) return err(validationError(issues));
    const rate = ExchangeRate.parse(from, to, rateText);
    if (rate.isErr()) return err(validationError([{ path: 'rate', message: rate.error.message }]));
    return ok(new FxRate(rate.value, now, updatedBy));
  }

  /** From stored data; data that does not parse is corrupt, which is a bug. */
  static rehydrate(snapshot: FxRateSnapshot): FxRate {
    const rate = ExchangeRate.parse(snapshot.from, snapshot.to, snapshot.rate);
    if (rate.isErr()) throw new Error(`Stored FX rate ${snapshot.from}->${snapshot.to} is corrupt: ${rate.error.message}`);
    return new FxRate(rate.value, snapshot.updatedAt, snapshot.updatedBy);
  }

  get from(): CurrencyCode {
    return this.exchangeRate.from;
  }

  get to(): CurrencyCode {
    return this.exchangeRate.to;
  }

  /** The exact decimal string, e.g. `129.5`. */
  get rate(): string {
    return this.exchangeRate.toDecimalString();
  }

  toSnapshot(): FxRateSnapshot {
    return { from: this.from, to: this.to, rate: this.rate, updatedAt: this.updatedAt, updatedBy: this.updatedBy };
  }
}

function checkRate(text: string | undefined): string | undefined {
  const decimal = text === undefined ? undefined : parseExactDecimal(text);
  if (!decimal) return 'Must be a decimal number such as "129.5" (no exponent, no separators)';
  if (decimal.units <= 0n) return 'Must be greater than zero';
  if (decimal.scale > RATE_MAX_DECIMALS) return `At most ${RATE_MAX_DECIMALS} decimal places`;
  const integerDigits = (decimal.units / 10n ** BigInt(decimal.scale)).toString().length;
  if (integerDigits > FX_RATE_MAX_INTEGER_DIGITS) return `At most ${FX_RATE_MAX_INTEGER_DIGITS} digits before the decimal point`;
  return undefined;
}
