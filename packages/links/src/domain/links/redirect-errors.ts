import type { DomainError } from '@tuma/kernel';

/** The password given for a protected link is not its password (the page is shown again). */
export interface WrongLinkPasswordError extends DomainError {
  readonly type: 'wrong_link_password';
}

export const wrongLinkPassword = (): WrongLinkPasswordError => ({ type: 'wrong_link_password', message: 'That is not the password of this link' });
