import { err, ok, type Result } from 'neverthrow';
import { parseCurrencyCode, type CurrencyCode } from './currency.ts';
import { formatScaled, parseExactDecimal, pow10 } from './decimal.ts';
import type { DomainError } from './domain-error.ts';

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

  /** The rate as a decimal string with `digits` decimals (truncated), for records and responses. */
  toDecimalString(digits = RATE_MAX_DECIMALS): string {
    return formatScaled((this.numerator * pow10(digits)) / this.denominator, digits).replace(/\.?0+$/, '');
  }

  equals(other: ExchangeRate): boolean {
    return (
      this.from === other.from && this.to === other.to && this.numerator * other.denominator === other.numerator * this.denominator
    );
  }
}
