import type { DomainError } from '@tuma/kernel';

/** The account has the address already (409). */
export interface SenderAddressAlreadyExistsError extends DomainError {
  readonly type: 'sender_address_already_exists';
  readonly email: string;
}

export const senderAddressAlreadyExists = (email: string): SenderAddressAlreadyExistsError => ({
  type: 'sender_address_already_exists',
  email,
  message: `${email} is a sender address of this account already (delete it to be sent a new confirmation link)`,
});

/** A confirmation link that is not ours, altered, expired, or of an address deleted since (400). */
export interface InvalidConfirmationTokenError extends DomainError {
  readonly type: 'invalid_token';
  readonly purpose: 'confirm_sender_address';
}

export const invalidConfirmationToken = (): InvalidConfirmationTokenError => ({
  type: 'invalid_token',
  purpose: 'confirm_sender_address',
  message: 'This confirmation link is not valid: it was altered, it expired, or the address was deleted since. Add the address again for a new link',
});
