import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '@tuma/kernel';

export interface InvalidEmailError extends DomainError {
  readonly type: 'invalid_email';
}

// Deliberately plain: one @, a dot in the domain, no spaces. Deliverability is proven by sending, not by regex.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class Email {
  private constructor(readonly value: string) {}

  static create(raw: string): Result<Email, InvalidEmailError> {
    const value = raw.trim().toLowerCase();
    if (value.length > 254 || !EMAIL.test(value)) {
      return err({ type: 'invalid_email', message: `Not a valid email address: ${raw}` });
    }
    return ok(new Email(value));
  }

  equals(other: Email): boolean {
    return other.value === this.value;
  }
}
