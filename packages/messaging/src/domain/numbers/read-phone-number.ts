import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Result } from '@tuma/kernel';
import { PhoneNumber, type InvalidPhoneNumber } from './phone-number.value-object.ts';

/** An ISO 3166-1 alpha-2 code (upper case) that has a numbering plan, so national numbers of it can be read. */
export const isNumberingCountry = (code: string): boolean => /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);

const INTERNATIONAL = /^\s*(?:[+\uFF0B]|00)/;

/**
 * A number in international format (`+` or `00`, as `PhoneNumber.create` reads it), or - when a
 * `defaultCountry` (see `isNumberingCountry`) is given - a national number of that country
 * (`0712 345678` or `712345678` for KE), validated like an international one. Without a default
 * country, a number without `+` or `00` is a `parse_error`.
 */
export function readPhoneNumber(raw: string, defaultCountry?: string): Result<PhoneNumber, InvalidPhoneNumber> {
  const international = PhoneNumber.create(raw);
  if (international.isOk() || defaultCountry === undefined || !isNumberingCountry(defaultCountry) || INTERNATIONAL.test(raw)) return international;
  if (international.error.reason === 'not_numeric') return international;
  // libphonenumber drops the national (trunk) prefix; what it cannot read is judged as given, behind the country code.
  const country = defaultCountry as CountryCode;
  const national = parsePhoneNumberFromString(raw, { defaultCountry: country, extract: false });
  return PhoneNumber.create(national ? national.number : `+${getCountryCallingCode(country)} ${raw}`);
}
