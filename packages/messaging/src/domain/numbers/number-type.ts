import type { PhoneNumberType } from 'libphonenumber-js/max';

/** libphonenumber's number types in snake_case, plus `unknown` for numbers that are not valid. */
export type NumberType =
  | 'mobile'
  | 'fixed_line'
  | 'fixed_line_or_mobile'
  | 'voip'
  | 'toll_free'
  | 'premium_rate'
  | 'shared_cost'
  | 'personal_number'
  | 'pager'
  | 'uan'
  | 'voicemail'
  | 'unknown';

const NUMBER_TYPES = {
  MOBILE: 'mobile',
  FIXED_LINE: 'fixed_line',
  FIXED_LINE_OR_MOBILE: 'fixed_line_or_mobile',
  VOIP: 'voip',
  TOLL_FREE: 'toll_free',
  PREMIUM_RATE: 'premium_rate',
  SHARED_COST: 'shared_cost',
  PERSONAL_NUMBER: 'personal_number',
  PAGER: 'pager',
  UAN: 'uan',
  VOICEMAIL: 'voicemail',
} as const satisfies Record<PhoneNumberType, Exclude<NumberType, 'unknown'>>;

export const numberTypeOf = (type: PhoneNumberType): NumberType => NUMBER_TYPES[type];

/** Types Google's carrier mapper answers for: only these ranges belong to a mobile network. */
export const hasCarrier = (type: NumberType): boolean =>
  type === 'mobile' || type === 'fixed_line_or_mobile' || type === 'pager';

/** Types Google's geocoder treats as geographic in African countries: only these have an area. */
export const hasLocation = (type: NumberType): boolean => type === 'fixed_line' || type === 'fixed_line_or_mobile';
