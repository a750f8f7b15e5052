import { err, ok, type FieldIssue, type Result } from '@tuma/kernel';
import { PhoneNumber, type InvalidPhoneNumber } from './phone-number.value-object.ts';

/** An invalid number that names the field it came in, like a validation error does. */
export interface InvalidPhoneField extends InvalidPhoneNumber {
  readonly details: readonly FieldIssue[];
}

export interface PhoneReading {
  /**
   * Read digits-first input as international, as if it began with `+` (`254712345678`): for
   * numbers in URL paths, where a `+` is often dropped, or turned into a space by a form encoder.
   * `00...` keeps its meaning.
   */
  readonly plusOptional?: boolean;
}

/** The number a client gave in `field`, in E.164 (see `PhoneNumber.create` for what is accepted). */
export function readPhoneField(raw: string, field: string, reading: PhoneReading = {}): Result<PhoneNumber, InvalidPhoneField> {
  const trimmed = raw.trim();
  const input = reading.plusOptional && /^[0-9]/.test(trimmed) && !trimmed.startsWith('00') ? `+${trimmed}` : raw;
  const phone = PhoneNumber.create(input);
  if (phone.isOk()) return ok(phone.value);
  const { reason, message } = phone.error;
  return err({ type: 'invalid_phone_number', reason, message: `${field}: ${message}`, details: [{ path: field, message }] });
}
