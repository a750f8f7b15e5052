import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';
import { SENDER_ID_MAX_LENGTH } from '../catalogue/route.model.ts';

/**
 * What an alphanumeric sender ID may hold: ASCII letters, digits, space and `& - . _`. Networks
 * carry it as a GSM 7-bit alphanumeric originator of at most 11 characters, and many of them
 * accept nothing beyond this set, so a name outside it would register on some networks and be
 * rewritten or blocked on others.
 */
const ALLOWED = /^[A-Za-z0-9 &\-._]+$/;
const LETTER = /[A-Za-z]/;

/**
 * An alphanumeric sender ID as shown on the handset: 1 to 11 characters (surrounding spaces
 * trimmed) from `A-Z a-z 0-9`, space and `& - . _`, with at least one letter. Names are
 * case-sensitive: `ACME` and `Acme` display differently and are registered separately. Numeric
 * senders (a phone number or short code, up to 15 digits) are numbers, not sender IDs.
 */
export class SenderIdName {
  private constructor(readonly value: string) {}

  static create(raw: string): Result<SenderIdName, ValidationError> {
    const value = raw.trim();
    if (value.length === 0) return err(fieldError('name', 'Must not be blank'));
    if (value.length > SENDER_ID_MAX_LENGTH) return err(fieldError('name', `At most ${SENDER_ID_MAX_LENGTH} characters`));
    if (!ALLOWED.test(value)) return err(fieldError('name', 'Only letters A-Z and a-z, digits, space and & - . _ are allowed'));
    if (!LETTER.test(value)) {
      return err(fieldError('name', 'Needs at least one letter: numeric senders (phone numbers, short codes) are not sender IDs'));
    }
    return ok(new SenderIdName(value));
  }

  equals(other: SenderIdName): boolean {
    return this.value === other.value;
  }

  toString(): string {
    return this.value;
  }
}
