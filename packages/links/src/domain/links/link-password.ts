import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';

/**
 * A link's password (docs/links.md, "Passwords"): 8 to 128 characters, counted as code points after
 * NFKC (as the hasher reads it). Anyone with the short URL may guess; the throttle slows guessing,
 * and the length keeps the space too large to walk: 8 characters of a 10-character alphabet are 10^8.
 */
export const LINK_PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export function checkLinkPassword(password: string): Result<string, ValidationError> {
  const length = [...password.normalize('NFKC')].length;
  if (length < LINK_PASSWORD_LENGTH.min || length > LINK_PASSWORD_LENGTH.max) {
    return err(fieldError('password', `Must be ${LINK_PASSWORD_LENGTH.min} to ${LINK_PASSWORD_LENGTH.max} characters`));
  }
  return ok(password);
}
