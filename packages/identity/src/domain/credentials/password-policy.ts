import { err, ok, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import commonPasswords from './common-passwords.json' with { type: 'json' };

/** NIST SP 800-63B and OWASP ASVS: length and a list of known passwords, no composition rules. */
export const PASSWORD_LENGTH = { min: 10, max: 128 } as const;

let known: ReadonlySet<string> | undefined;

/**
 * Whether the password is on the shipped list of leaked passwords (docs/accounts.md, "Passwords"),
 * compared case-insensitively as the list is stored. The set is built on first use, not at import.
 */
export function isCommonPassword(password: string): boolean {
  known ??= new Set(commonPasswords as readonly string[]);
  return known.has(password.toLowerCase());
}

/** Characters as a person counts them (code points), after the normalisation the hasher applies. */
const lengthOf = (password: string): number => [...password.normalize('NFKC')].length;

/** A new password for the user of `email`: long enough, not too long to hash, not a known or obvious one. */
export function checkNewPassword(password: string, email: string, path = 'password'): Result<string, ValidationError> {
  const issues: FieldIssue[] = [];
  const length = lengthOf(password);
  if (length < PASSWORD_LENGTH.min) issues.push({ path, message: `At least ${PASSWORD_LENGTH.min} characters` });
  else if (length > PASSWORD_LENGTH.max) issues.push({ path, message: `At most ${PASSWORD_LENGTH.max} characters` });
  else if (isCommonPassword(password)) issues.push({ path, message: 'This password is on a list of commonly used passwords: choose another' });
  else if (password.trim().toLowerCase() === email) issues.push({ path, message: 'The password cannot be the email address' });
  return issues.length ? err(validationError(issues)) : ok(password);
}
