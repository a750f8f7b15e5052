import { err, fieldError, isStorableText, ok, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import { EmailAddress } from '../emails/email-address.value-object.ts';

/** Contacts one `POST /v1/contacts/lists/{id}/contacts` call takes. */
export const MAIL_CONTACTS_PER_CALL = 1000;
/** `GET /v1/contacts/lists/{id}/contacts`: up to 1000 per page, 100 by default. */
export const MAIL_CONTACTS_MAX_LIMIT = 1000;
export const MAIL_CONTACTS_DEFAULT_LIMIT = 100;
export const MAIL_CONTACT_NAME_MAX_LENGTH = 120;
export const MAIL_CONTACT_MAX_DATA = 50;
export const MAIL_CONTACT_DATA_VALUE_MAX_LENGTH = 500;
/** A data key, as `{{data.key}}` placeholders name it (case-sensitive). */
export const MAIL_CONTACT_DATA_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

export type ContactData = Readonly<Record<string, string>>;

/** A contact as stored in a list: one per address (lower-case) and list. */
export interface MailContact {
  /** `ct_<ULID>`. */
  readonly id: string;
  readonly listId: string;
  /** Lower-case: a list holds an address once, whatever its case. */
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly data: ContactData;
  readonly unsubscribed: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A contact to write: its address, names and data; `unsubscribed` only when the client said (undefined keeps what is stored; new contacts are subscribed). */
export interface ContactWrite {
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly data: ContactData;
  readonly unsubscribed?: boolean;
}

/** A contact as a client gives it (`POST .../contacts`). */
export interface MailContactInput {
  readonly email: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly data?: ContactData;
  readonly unsubscribed?: boolean;
}

/** Changes to one contact (`PATCH`): the fields given; null clears a name. */
export interface MailContactChanges {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly data?: ContactData;
  readonly unsubscribed?: boolean;
}

const NAME_CONTROL = /\p{Cc}/u;
const TEXT_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const longerThan = (text: string, max: number): boolean => text.length > max && [...text].length > max;

/** Why a first or last name is refused (at most 120 characters once trimmed, no control characters), or undefined. */
export function contactNameIssue(name: string): string | undefined {
  const trimmed = name.trim();
  if (longerThan(trimmed, MAIL_CONTACT_NAME_MAX_LENGTH)) return `At most ${MAIL_CONTACT_NAME_MAX_LENGTH} characters`;
  if (NAME_CONTROL.test(trimmed) || !isStorableText(trimmed)) return 'Must not contain control characters or unpaired surrogates';
  return undefined;
}

/** Why a data key is refused, or undefined. */
export const dataKeyIssue = (key: string): string | undefined =>
  MAIL_CONTACT_DATA_KEY.test(key) ? undefined : 'A data key is 1 to 40 letters, digits or _, not starting with a digit';

/** Why a data value is refused (at most 500 characters, no control characters but tab and line breaks), or undefined. */
export function dataValueIssue(value: string): string | undefined {
  if (longerThan(value, MAIL_CONTACT_DATA_VALUE_MAX_LENGTH)) return `At most ${MAIL_CONTACT_DATA_VALUE_MAX_LENGTH} characters`;
  if (TEXT_CONTROL.test(value) || !isStorableText(value)) return 'Must not contain control characters (other than tab and line breaks) or unpaired surrogates';
  return undefined;
}

/** The names and data of a contact that break the rules, with paths relative to it (`first_name`, `data.city`). */
export function contactFieldIssues(input: MailContactChanges): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [field, path] of [['firstName', 'first_name'], ['lastName', 'last_name']] as const) {
    const value = input[field];
    const message = value == null ? undefined : contactNameIssue(value);
    if (message) issues.push({ path, message });
  }
  const entries = Object.entries(input.data ?? {});
  if (entries.length > MAIL_CONTACT_MAX_DATA) issues.push({ path: 'data', message: `At most ${MAIL_CONTACT_MAX_DATA} keys` });
  for (const [key, value] of entries) {
    const message = dataKeyIssue(key) ?? dataValueIssue(value);
    if (message) issues.push({ path: `data.${key}`, message });
  }
  return issues;
}

/** The address of a contact, lower-case, or why it is not one (a bare address: no display name). */
export function contactEmail(raw: string): Result<string, string> {
  const trimmed = raw.trim();
  if (trimmed.includes('<')) return err(`${trimmed} is not a bare email address`);
  return EmailAddress.create(trimmed).map((address) => address.address.toLowerCase());
}

/** A name as stored: trimmed, blank is none. */
export const storedName = (name: string | null | undefined): string | null => name?.trim() || null;

/** A contact of a batch whose address is not one (the others of the batch are written). */
export interface ContactInputError {
  /** 0-based position in the batch. */
  readonly index: number;
  /** The address as given. */
  readonly input: string;
  readonly reason: 'invalid_email';
}

export interface ContactBatch {
  /** One per address (the last of an address wins), in order of first appearance. */
  readonly contacts: readonly ContactWrite[];
  readonly errors: readonly ContactInputError[];
}

/**
 * Reads 1 to 1000 contacts given by a client, as the SMS lists read members (docs/contacts.md):
 * a name or data field breaking the rules refuses the whole batch (one error naming every such
 * field, `contacts.3.data.city`); an address that is not one only leaves its contact out, reported
 * in `errors`. Addresses are compared in any case.
 */
export function readContactBatch(inputs: readonly MailContactInput[], path = 'contacts'): Result<ContactBatch, ValidationError> {
  if (inputs.length < 1 || inputs.length > MAIL_CONTACTS_PER_CALL) return err(fieldError(path, `Give 1 to ${MAIL_CONTACTS_PER_CALL} contacts`));
  const issues = inputs.flatMap((input, index) => contactFieldIssues(input).map((issue) => ({ ...issue, path: `${path}.${index}.${issue.path}` })));
  if (issues.length > 0) return err(validationError(issues));
  const contacts = new Map<string, ContactWrite>();
  const errors: ContactInputError[] = [];
  inputs.forEach((input, index) => {
    const email = contactEmail(input.email);
    if (email.isErr()) {
      errors.push({ index, input: input.email, reason: 'invalid_email' });
      return;
    }
    contacts.set(email.value, { email: email.value, firstName: storedName(input.firstName), lastName: storedName(input.lastName), data: input.data ?? {}, ...(input.unsubscribed === undefined ? {} : { unsubscribed: input.unsubscribed }) });
  });
  return ok({ contacts: [...contacts.values()], errors });
}
