import { conflict, err, fieldError, isStorableText, notFound, ok, type ConflictError, type NotFoundError, type Result, type ValidationError } from '@tuma/kernel';

export const MAIL_CONTACT_LIST_NAME_MAX_LENGTH = 80;

/** A named list of an account's contacts, what a broadcast is sent to. */
export interface MailContactList {
  /** `cl_<ULID>`. */
  readonly id: string;
  readonly accountId: string;
  /** Trimmed and NFC-normalised; unique per account in any case. */
  readonly name: string;
  readonly createdAt: Date;
  /** Moves with every change of the list or of its contacts. */
  readonly updatedAt: Date;
}

/** A list as read: with how many contacts it has, and how many of them unsubscribed. */
export interface MailContactListView extends MailContactList {
  readonly contactCount: number;
  readonly unsubscribedCount: number;
}

/** A list name as stored (trimmed, NFC), or a validation error naming `name`. */
export function contactListName(raw: string): Result<string, ValidationError> {
  const name = raw.trim().normalize('NFC');
  if (name === '' || [...name].length > MAIL_CONTACT_LIST_NAME_MAX_LENGTH) return err(fieldError('name', `1 to ${MAIL_CONTACT_LIST_NAME_MAX_LENGTH} characters once trimmed`));
  if (/\p{Cc}/u.test(name) || !isStorableText(name)) return err(fieldError('name', 'Must not contain control characters'));
  return ok(name);
}

export const contactListNotFound = (id: string): NotFoundError => notFound('contact_list', id);

export const mailContactNotFound = (id: string): NotFoundError => notFound('contact', id);

export const duplicateContactListName = (name: string): ConflictError =>
  conflict('contact_list', `A contact list named "${name}" already exists (names are unique per account, in any case)`);
