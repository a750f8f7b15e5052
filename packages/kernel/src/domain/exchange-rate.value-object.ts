import { err, ok, type Result } from 'neverthrow';
import { parseCurrencyCode, type CurrencyCode } from './currency.ts';
import { formatScaled, parseExactDecimal, pow10 } from './decimal.ts';
import type { DomainError } from './domain-error.ts';
import { divideRounded, type RoundingMode } from './rounding.ts';

/** Rates are accepted with up to 12 decimals, enough for any real cross rate. */
export const RATE_MAX_DECIMALS = 12;

export interface InvalidRateError extends DomainError {
  readonly type: 'invalid_rate';
}

const invalidRate = (message: string): InvalidRateError => ({ type: 'invalid_rate', message });

/** "1 unit of `from` buys numerator/denominator units of `to`", held as an exact fraction. */
export class ExchangeRate {
  private constructor(
    readonly from: CurrencyCode,
    readonly to: CurrencyCode,
    readonly numerator: bigint,
    readonly denominator: bigint,
  ) {}

  static parse(from: string, to: string, rate: string): Result<ExchangeRate, InvalidRateError> {
    const fromCode = parseCurrencyCode(from);
    const toCode = parseCurrencyCode(to);
    if (!fromCode || !toCode) return err(invalidRate(`Unknown currency: ${!fromCode ? from : to}`));
    const decimal = parseExactDecimal(rate.trim());
    if (!decimal) return err(invalidRate(`Not a decimal rate: ${rate}`));
    if (decimal.scale > RATE_MAX_DECIMALS) return err(invalidRate(`At most ${RATE_MAX_DECIMALS} decimals`));
    if (decimal.units <= 0n) return err(invalidRate('A rate must be greater than zero'));
    return ok(new ExchangeRate(fromCode, toCode, decimal.units, pow10(decimal.scale)));
  }

  /** The rate between a currency and itself. */
  static identity(code: CurrencyCode): ExchangeRate {
    return new ExchangeRate(code, code, 1n, 1n);
  }

  /** The exact reverse rate (to -> from). */
  inverse(): ExchangeRate {
    return new ExchangeRate(this.to, this.from, this.denominator, this.numerator);
  }

  /**
   * This rate followed by `next` (from -> this.to = next.from -> next.to), as one exact fraction:
   * converting with the result equals converting exactly with both, before any rounding.
   * Chaining rates that do not meet in one currency is a bug and throws.
   */
  compose(next: ExchangeRate): ExchangeRate {
    if (next.from !== this.to) throw new RangeError(`Cannot chain ${this.from}->${this.to} with ${next.from}->${next.to}`);
    const numerator = this.numerator * next.numerator;
    const denominator = this.denominator * next.denominator;
    const divisor = gcd(numerator, denominator);
    return new ExchangeRate(this.from, next.to, numerator / divisor, denominator / divisor);
  }

  /**
   * The rate as a decimal string with at most `digits` decimals (trailing zeros dropped), for
   * records and responses. Exact for every parsed rate; a derived rate (an inverse, a chain) may
   * need more digits than that, and is rounded with `mode` (default: truncated).
   */
  toDecimalString(digits = RATE_MAX_DECIMALS, mode: RoundingMode = 'down'): string {
    const text = formatScaled(divideRounded(this.numerator * pow10(digits), this.denominator, mode), digits);
    return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  }

  equals(other: ExchangeRate): boolean {
    return (
      this.from === other.from && this.to === other.to && this.numerator * other.denominator === other.numerator * this.denominator
    );
  }
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}
