/** Offline phone-number validation: the `PhoneNumber` value object and `POST /api/messages/validate`. */
export { PhoneNumber, type InvalidPhoneNumber } from './domain/numbers/phone-number.value-object.ts';
export { isNumberingCountry, readPhoneNumber } from './domain/numbers/read-phone-number.ts';
export type { InvalidPhoneNumberReason } from './domain/numbers/number-parser.ts';
export type { NumberType } from './domain/numbers/number-type.ts';
export {
  validateNumber,
  validateNumbers,
  type NumberValidation,
  type NumberValidationBatch,
} from './domain/numbers/number-validator.ts';
export { readPhoneField, type InvalidPhoneField, type PhoneReading } from './domain/numbers/read-phone-field.ts';
