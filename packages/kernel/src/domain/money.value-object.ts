import { err, ok, type Result } from 'neverthrow';
import { parseCurrencyCode, type CurrencyCode } from './currency.ts';
import { formatScaled, numberToDecimalString, parseExactDecimal, pow10 } from './decimal.ts';
import type { DomainError } from './domain-error.ts';
import type { ExchangeRate } from './exchange-rate.value-object.ts';
import { divideRounded, type RoundingMode } from './rounding.ts';

/** Money is held in integer micro-units (1e-6 of the currency unit). */
export const MICRO_DIGITS = 6;
export const MICROS_PER_UNIT = pow10(MICRO_DIGITS);

export interface InvalidMoneyError extends DomainError {
  readonly type: 'invalid_money';
  readonly reason: 'not_a_number' | 'too_many_decimals' | 'unknown_currency';
}

const invalid = (reason: InvalidMoneyError['reason'], message: string): InvalidMoneyError => ({
  type: 'invalid_money',
  reason,
  message,
});

/** Adding, comparing or converting across currencies without a rate is a programming error. */
export class CurrencyMismatchError extends Error {
  constructor(left: CurrencyCode, right: CurrencyCode) {
    super(`Currency mismatch: ${left} vs ${right}`);
    this.name = 'CurrencyMismatchError';
  }
}

export class Money {
  private constructor(
    readonly micros: bigint,
    readonly currency: CurrencyCode,
  ) {}

  static ofMicros(micros: bigint, currency: CurrencyCode): Money {
    return new Money(micros, currency);
  }

  static zero(currency: CurrencyCode): Money {
    return new Money(0n, currency);
  }

  /**
   * Parses an amount given as a decimal string or a JS number. At most 6 decimals are accepted:
   * anything finer would be silently rounded, and we never round money we were handed.
   */
  static parse(amount: string | number, currencyCode: string): Result<Money, InvalidMoneyError> {
    const currency = parseCurrencyCode(currencyCode);
    if (!currency) return err(invalid('unknown_currency', `Unknown currency: ${currencyCode}`));
    const text = typeof amount === 'number' ? numberToDecimalString(amount) : amount.trim();
    const decimal = text === undefined ? undefined : parseExactDecimal(text);
    if (!decimal) return err(invalid('not_a_number', `Not a decimal amount: ${String(amount)}`));
    if (decimal.scale > MICRO_DIGITS) {
      return err(invalid('too_many_decimals', `At most ${MICRO_DIGITS} decimal places are allowed`));
    }
    return ok(new Money(decimal.units * pow10(MICRO_DIGITS - decimal.scale), currency));
  }

  add(other: Money): Money {
    this.assertSameCurrency(other);
    return new Money(this.micros + other.micros, this.currency);
  }

  subtract(other: Money): Money {
    this.assertSameCurrency(other);
    return new Money(this.micros - other.micros, this.currency);
  }

  /** Multiplies by a whole number (segments, recipients): exact, no rounding. */
  multiply(factor: bigint | number): Money {
    if (typeof factor === 'number' && !Number.isSafeInteger(factor)) {
      throw new RangeError(`Money can only be multiplied by an integer, got ${factor}`);
    }
    return new Money(this.micros * BigInt(factor), this.currency);
  }

  negate(): Money {
    return new Money(-this.micros, this.currency);
  }

  /** Converts with an explicit rate; the rounding to whole micro-units is the caller's choice. */
  convert(rate: ExchangeRate, mode: RoundingMode): Money {
    if (rate.from !== this.currency) throw new CurrencyMismatchError(this.currency, rate.from);
    const micros = divideRounded(this.micros * rate.numerator, rate.denominator, mode);
    return new Money(micros, rate.to);
  }

  compare(other: Money): -1 | 0 | 1 {
    this.assertSameCurrency(other);
    return this.micros < other.micros ? -1 : this.micros > other.micros ? 1 : 0;
  }

  equals(other: Money): boolean {
    return this.currency === other.currency && this.micros === other.micros;
  }

  lessThan(other: Money): boolean {
    return this.compare(other) < 0;
  }

  greaterThan(other: Money): boolean {
    return this.compare(other) > 0;
  }

  isZero(): boolean {
    return this.micros === 0n;
  }

  isNegative(): boolean {
    return this.micros < 0n;
  }

  isPositive(): boolean {
    return this.micros > 0n;
  }

  /** Exact decimal with all six micro digits, e.g. "12.500000": the storage/wire form. */
  toDecimalString(): string {
    return formatScaled(this.micros, MICRO_DIGITS);
  }

  /** Rounded to `digits` decimals (half-even) as a decimal string, e.g. for display. */
  toFixed(digits: number, mode: RoundingMode = 'half_even'): string {
    if (digits >= MICRO_DIGITS) return formatScaled(this.micros * pow10(digits - MICRO_DIGITS), digits);
    return formatScaled(divideRounded(this.micros, pow10(MICRO_DIGITS - digits), mode), digits);
  }

  /** A JSON number for API bodies, rounded to `digits` decimals (default: full micro precision). */
  toNumber(digits = MICRO_DIGITS): number {
    return Number(this.toFixed(digits));
  }

  /** Human format in the currency's own minor units, e.g. "KES 1,234.50". */
  format(locale = 'en'): string {
    const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: this.currency, currencyDisplay: 'code' });
    const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
    return formatter.format(this.toFixed(digits) as unknown as number);
  }

  toString(): string {
    return `${this.toDecimalString()} ${this.currency}`;
  }

  private assertSameCurrency(other: Money): void {
    if (other.currency !== this.currency) throw new CurrencyMismatchError(this.currency, other.currency);
  }
}
