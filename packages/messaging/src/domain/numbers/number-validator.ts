import { CARRIER_PREFIXES } from './carrier-prefixes.generated.ts';
import { LOCATION_PREFIXES } from './location-prefixes.generated.ts';
import { parseNumber, type InvalidPhoneNumberReason } from './number-parser.ts';
import { hasCarrier, hasLocation, type NumberType } from './number-type.ts';
import { PrefixTable } from './prefix-table.ts';

/** Offline validation of one number: the spec's "Number validation result", single form. */
export interface NumberValidation {
  readonly input: string;
  /** Set only when `valid`. */
  readonly e164: string | null;
  readonly valid: boolean;
  /** The length fits the country's numbering plan (true for every valid number). */
  readonly possible: boolean;
  /** ISO alpha-2; also set for an invalid number whose calling code or range names one country. */
  readonly country: string | null;
  /** `unknown` unless `valid`. */
  readonly type: NumberType;
  /** Originally assigned carrier of mobile ranges (African markets only); not ported/current. */
  readonly carrier: string | null;
  /** Area of geographic (fixed-line) ranges (African markets only). */
  readonly location: string | null;
  /** National format, e.g. `0712 345678`; set only when `valid`. */
  readonly national: string | null;
  /** Null exactly when `valid`. */
  readonly reason: InvalidPhoneNumberReason | null;
}

/** The spec's array form. */
export interface NumberValidationBatch {
  readonly count: number;
  readonly valid: number;
  readonly invalid: number;
  /** Results whose `type` is exactly `mobile`. */
  readonly mobile: number;
  readonly results: readonly NumberValidation[];
}

const carriers = PrefixTable.fromData(CARRIER_PREFIXES);
const locations = PrefixTable.fromData(LOCATION_PREFIXES);

/** Validates one number offline (format, country, type, original carrier). Never throws for a string. */
export function validateNumber(input: string): NumberValidation {
  const parse = parseNumber(input);
  if (!parse.valid) {
    return {
      input,
      e164: null,
      valid: false,
      possible: parse.possible,
      country: parse.country,
      type: 'unknown',
      carrier: null,
      location: null,
      national: null,
      reason: parse.reason,
    };
  }
  const { parsed, country, type } = parse;
  const callingCode = parsed.countryCallingCode;
  const nationalNumber = parsed.nationalNumber;
  return {
    input,
    e164: parsed.number,
    valid: true,
    possible: true,
    country,
    type,
    carrier: hasCarrier(type) ? carriers.lookup(callingCode, nationalNumber) : null,
    location: hasLocation(type) ? locations.lookup(callingCode, nationalNumber) : null,
    national: parsed.formatNational(),
    reason: null,
  };
}

export function validateNumbers(inputs: readonly string[]): NumberValidationBatch {
  const results = inputs.map(validateNumber);
  const valid = results.filter((result) => result.valid).length;
  return {
    count: results.length,
    valid,
    invalid: results.length - valid,
    mobile: results.filter((result) => result.type === 'mobile').length,
    results,
  };
}
