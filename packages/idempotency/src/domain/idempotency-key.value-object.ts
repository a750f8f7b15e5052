import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';

/** Where a client gives its key: the request header of this name. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** Space to tilde: what every HTTP stack carries unchanged in a header. */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/**
 * The key a client chooses for one request it may send again (a UUID is the usual choice):
 * 1 to 255 printable ASCII characters.
 */
export class IdempotencyKey {
  private constructor(readonly value: string) {}

  static create(raw: string): Result<IdempotencyKey, ValidationError> {
    if (raw.length === 0 || raw.length > IDEMPOTENCY_KEY_MAX_LENGTH || !PRINTABLE_ASCII.test(raw)) {
      return err(fieldError(IDEMPOTENCY_KEY_HEADER, `Must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters (a UUID, for example)`));
    }
    return ok(new IdempotencyKey(raw));
  }

  equals(other: IdempotencyKey): boolean {
    return this.value === other.value;
  }
}
