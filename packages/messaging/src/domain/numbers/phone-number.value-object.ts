import { err, ok, type DomainError, type Result } from '@tuma/kernel';
import { parseNumber, type InvalidPhoneNumberReason } from './number-parser.ts';
import type { NumberType } from './number-type.ts';

export interface InvalidPhoneNumber extends DomainError {
  readonly type: 'invalid_phone_number';
  readonly reason: InvalidPhoneNumberReason;
}

/** A valid phone number of a country, held in E.164 (`+254712345678`). */
export class PhoneNumber {
  private constructor(
    readonly e164: string,
    /** ISO 3166-1 alpha-2. */
    readonly country: string,
    /** Country calling code without `+`, e.g. `254`. */
    readonly callingCode: string,
    readonly type: NumberType,
  ) {}

  /**
   * Accepts international format only (`+` or `00`, then the country code; no default country),
   * with spaces, dashes, dots, slashes or parentheses anywhere. See `parseNumber` for the reasons.
   */
  static create(raw: string): Result<PhoneNumber, InvalidPhoneNumber> {
    const parse = parseNumber(raw);
    if (!parse.valid) return err({ type: 'invalid_phone_number', reason: parse.reason, message: parse.message });
    return ok(new PhoneNumber(parse.parsed.number, parse.country, parse.parsed.countryCallingCode, parse.type));
  }

  equals(other: PhoneNumber): boolean {
    return this.e164 === other.e164;
  }

  toString(): string {
    return this.e164;
  }
}
