import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '@tuma/kernel';

export interface InvalidEmailError extends DomainError {
  readonly type: 'invalid_email';
}

// Deliberately plain: one @, a dot in the domain, no spaces and no control or format characters
// (terminal escapes, bidi overrides). Deliverability is proven by sending, not by regex.
const EMAIL = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;

/** The input as it may be echoed back (to a terminal or a log): control and format characters shown as "?". */
const printable = (raw: string): string => raw.replace(/[\p{Cc}\p{Cf}]/gu, '?').slice(0, 254);

export class Email {
  private constructor(readonly value: string) {}

  static create(raw: string): Result<Email, InvalidEmailError> {
    const value = raw.trim().toLowerCase();
    if (value.length > 254 || !EMAIL.test(value)) {
      return err({ type: 'invalid_email', message: `Not a valid email address: ${printable(raw)}` });
    }
    return ok(new Email(value));
  }

  equals(other: Email): boolean {
    return other.value === this.value;
  }
}
