/**
 * Active ISO 4217 currency codes. Kept as data rather than read from Intl so that
 * validation is identical on every Node/ICU build.
 */
const ISO_4217_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN',
  'BHD', 'BIF', 'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF',
  'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB',
  'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG',
  'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF',
  'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA',
  'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO',
  'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD',
  'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN',
  'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX',
  'USD', 'UYU', 'UZS', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR',
  'ZMW', 'ZWG',
] as const;

/** An ISO 4217 alphabetic code, upper case. */
export type CurrencyCode = string & { readonly __brand: 'CurrencyCode' };

const KNOWN = new Set<string>(ISO_4217_CODES);

export function isCurrencyCode(value: string): value is CurrencyCode {
  return KNOWN.has(value);
}

/** Accepts any case; returns the canonical upper-case code or undefined when not ISO 4217. */
export function parseCurrencyCode(value: string): CurrencyCode | undefined {
  const upper = value.trim().toUpperCase();
  return isCurrencyCode(upper) ? upper : undefined;
}

/** For literals in code and tests: throws on a code that is not ISO 4217. */
export function currency(code: string): CurrencyCode {
  const parsed = parseCurrencyCode(code);
  if (!parsed) throw new RangeError(`Not an ISO 4217 currency code: ${code}`);
  return parsed;
}

export const allCurrencyCodes: readonly string[] = ISO_4217_CODES;
