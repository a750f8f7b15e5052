import {
  getCountries,
  getCountryCallingCode,
  ParseError,
  parsePhoneNumberWithError,
  type PhoneNumber as ParsedNumber,
} from 'libphonenumber-js/max';
import { numberTypeOf, type NumberType } from './number-type.ts';

/**
 * Why a number is rejected, checked in this order (the first that applies wins):
 * - `not_numeric`: no digit at all (empty, blank, only punctuation), or a character that is not
 *   a digit, a leading `+`, whitespace or a separator (`-` and other dashes, `.`, `/`, `(`, `)`).
 * - `parse_error`: numeric, but not an international number of a country: no leading `+` or `00`,
 *   a `+` after the first digit or twice, or no country calling code after it (unknown codes and
 *   the non-geographic ones such as +800 or +882 alike).
 * - `impossible_number`: known country calling code, but a length no number of it can have.
 * - `invalid_number`: possible length, but not in a range the numbering plan assigns.
 */
export type InvalidPhoneNumberReason = 'not_numeric' | 'parse_error' | 'impossible_number' | 'invalid_number';

export type NumberParse =
  | { readonly valid: true; readonly parsed: ParsedNumber; readonly country: string; readonly type: NumberType }
  | {
      readonly valid: false;
      readonly reason: InvalidPhoneNumberReason;
      readonly message: string;
      readonly possible: boolean;
      /** Set when the calling code or the number itself points at exactly one country. */
      readonly country: string | null;
    };

const countriesByCallingCode = new Map<string, string[]>();
for (const country of getCountries()) {
  const callingCode = getCountryCallingCode(country);
  countriesByCallingCode.set(callingCode, [...(countriesByCallingCode.get(callingCode) ?? []), country]);
}

/** Country calling codes are a prefix code of 1 to 3 digits: at most one matches. */
function callingCodeOf(digits: string): string | null {
  for (let length = 1; length <= 3 && length <= digits.length; length++) {
    const candidate = digits.slice(0, length);
    if (countriesByCallingCode.has(candidate)) return candidate;
  }
  return null;
}

function soleCountry(callingCode: string): string | null {
  const countries = countriesByCallingCode.get(callingCode);
  return countries?.length === 1 ? (countries[0] ?? null) : null;
}

/** ASCII, fullwidth, Arabic-Indic and Eastern Arabic-Indic digits, as libphonenumber folds them. */
function digitOf(code: number): string | null {
  if (code >= 0x30 && code <= 0x39) return String.fromCharCode(code);
  if (code >= 0xff10 && code <= 0xff19) return String.fromCharCode(code - 0xff10 + 0x30);
  if (code >= 0x0660 && code <= 0x0669) return String.fromCharCode(code - 0x0660 + 0x30);
  if (code >= 0x06f0 && code <= 0x06f9) return String.fromCharCode(code - 0x06f0 + 0x30);
  return null;
}

const PLUS_SIGNS = new Set([0x2b, 0xff0b]);
const SEPARATORS = new Set([
  // whitespace, as JavaScript's \s (no-break and typographic spaces, line separators, BOM)
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
  // hyphen-minus, hyphens, dashes, minus sign, fullwidth hyphen-minus
  0x2d, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xff0d,
  // . / ( )
  0x2e, 0x2f, 0x28, 0x29,
]);

type Rejection = Extract<NumberParse, { valid: false }>;
const reject = (reason: InvalidPhoneNumberReason, message: string, country: string | null = null, possible = false): Rejection => ({
  valid: false,
  reason,
  message,
  possible,
  country,
});

/**
 * Reads an international phone number (`+254 712 345 678`, `00254712345678`, ...) with no default
 * country, and checks it against libphonenumber's full metadata. Never throws for a string.
 */
export function parseNumber(input: string): NumberParse {
  let digits = '';
  let plus = false;
  let misplacedPlus = false;
  for (let index = 0; index < input.length; index++) {
    const code = input.charCodeAt(index);
    const digit = digitOf(code);
    if (digit !== null) digits += digit;
    else if (PLUS_SIGNS.has(code)) {
      misplacedPlus ||= plus || digits !== '';
      plus = true;
    } else if (!SEPARATORS.has(code)) {
      return reject('not_numeric', 'Not a phone number: only digits, a leading +, spaces, dashes, dots, slashes and parentheses are allowed');
    }
  }
  if (digits === '') {
    return reject('not_numeric', input.trim() === '' ? 'The phone number is empty' : 'Not a phone number: it contains no digits');
  }
  if (misplacedPlus) return reject('parse_error', 'A + may only appear once, before the country code');
  if (!plus) {
    if (!digits.startsWith('00')) {
      return reject('parse_error', 'Not in international format: start with + or 00 followed by the country code');
    }
    digits = digits.slice(2);
  }

  const callingCode = callingCodeOf(digits);
  if (callingCode === null) {
    return reject('parse_error', 'No country calling code: the number must start with the code of a country (e.g. +254)');
  }
  const where = (country: string | null): string => (country === null ? `+${callingCode}` : `+${callingCode} (${country})`);
  let parsed: ParsedNumber;
  try {
    parsed = parsePhoneNumberWithError(`+${digits}`);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const country = soleCountry(callingCode);
    if (error.message === 'TOO_SHORT') return reject('impossible_number', `Too short for a ${where(country)} number`, country);
    if (error.message === 'TOO_LONG') return reject('impossible_number', `Too long for a ${where(country)} number`, country);
    return reject('parse_error', `Not a ${where(country)} number (${error.message})`, country);
  }

  const country = parsed.country ?? soleCountry(callingCode);
  if (!parsed.isPossible()) return reject('impossible_number', `No ${where(country)} number has this length`, country);
  // With full metadata, libphonenumber's isValid() is exactly "some type's pattern matches": ask once.
  const type = parsed.getType();
  if (type === undefined || parsed.country === undefined) {
    return reject('invalid_number', `Not in a number range assigned in ${where(country)}`, country, true);
  }
  return { valid: true, parsed, country: parsed.country, type: numberTypeOf(type) };
}
