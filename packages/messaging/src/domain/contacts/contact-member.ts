import { err, fieldError, ok, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import type { InvalidPhoneNumberReason } from '../numbers/number-parser.ts';
import { PhoneNumber } from '../numbers/phone-number.value-object.ts';
import { longerThan, NAME_CONTROL, TEXT_CONTROL, UNPAIRED_SURROGATE } from '../text-rules.ts';

/** Members one `POST /api/contacts/lists/{id}/members` call takes. */
export const CONTACT_MEMBERS_PER_CALL = 1000;
/** `GET /api/contacts/lists/{id}/members`: up to 1000 per page, 100 by default. */
export const CONTACT_MEMBERS_MAX_LIMIT = 1000;
export const CONTACT_MEMBERS_DEFAULT_LIMIT = 100;
export const CONTACT_NAME_MAX_LENGTH = 120;
export const CONTACT_MAX_VARS = 50;
export const CONTACT_VAR_VALUE_MAX_LENGTH = 500;
/** A variable name, as `{{key}}` placeholders of a template use it (case-sensitive). */
export const CONTACT_VAR_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
/** Every bulk send fills `{{name}}` and `{{phone}}` itself: members cannot hold variables of these names. */
export const RESERVED_VAR_KEYS: readonly string[] = ['name', 'phone'];

export type ContactVars = Readonly<Record<string, string>>;

/** A list member as a bulk send reads it. */
export interface ContactMember { readonly phone: string; readonly country: string; readonly name: string | null; readonly vars: ContactVars }

/** A member as a client gives it: the number (international format) and optional name and variables. */
export interface ContactMemberInput {
  readonly phone: string;
  readonly name?: string | null;
  readonly vars?: ContactVars;
}

/** A stored member, with the times it was first added and last changed. */
export interface StoredContactMember extends ContactMember {
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Why a variable name is refused, or undefined when it is a good one. */
export function varKeyIssue(key: string): string | undefined {
  if (!CONTACT_VAR_KEY.test(key)) return 'A variable name is 1 to 40 letters, digits or _, not starting with a digit';
  if (RESERVED_VAR_KEYS.includes(key)) return `"${key}" is filled by every send and cannot be a variable`;
  return undefined;
}

/** Why a member's name is refused (at most 120 characters once trimmed, no control characters), or undefined. */
export function contactNameIssue(name: string): string | undefined {
  const trimmed = name.trim();
  if (longerThan(trimmed, CONTACT_NAME_MAX_LENGTH)) return `At most ${CONTACT_NAME_MAX_LENGTH} characters`;
  if (NAME_CONTROL.test(trimmed) || UNPAIRED_SURROGATE.test(trimmed)) return 'Must not contain control characters or unpaired surrogates';
  return undefined;
}

/** Why a variable's value is refused (at most 500 characters, no control characters but tab and line breaks), or undefined. */
export function varValueIssue(value: string): string | undefined {
  if (longerThan(value, CONTACT_VAR_VALUE_MAX_LENGTH)) return `At most ${CONTACT_VAR_VALUE_MAX_LENGTH} characters`;
  if (TEXT_CONTROL.test(value) || UNPAIRED_SURROGATE.test(value)) return 'Must not contain control characters (other than tab and line breaks) or unpaired surrogates';
  return undefined;
}

/** The name and variables of `input` that break the rules, with paths relative to the member (`name`, `vars`, `vars.city`). */
export function contactMemberIssues(input: Omit<ContactMemberInput, 'phone'>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const nameMessage = input.name == null ? undefined : contactNameIssue(input.name);
  if (nameMessage) issues.push({ path: 'name', message: nameMessage });
  const entries = Object.entries(input.vars ?? {});
  if (entries.length > CONTACT_MAX_VARS) issues.push({ path: 'vars', message: `At most ${CONTACT_MAX_VARS} variables` });
  for (const [key, value] of entries) {
    const message = varKeyIssue(key) ?? varValueIssue(value);
    if (message) issues.push({ path: `vars.${key}`, message });
  }
  return issues;
}

/** A member as stored: the number in E.164 with its country, the name trimmed (blank is none), the variables as given. */
export const contactMember = (phone: PhoneNumber, name: string | null | undefined, vars: ContactVars | undefined): ContactMember => ({
  phone: phone.e164,
  country: phone.country,
  name: name?.trim() || null,
  vars: vars ?? {},
});

/** A member of a batch whose number is not valid (the others of the batch are stored). */
export interface ContactMemberError {
  /** 0-based position in the batch. */
  readonly index: number;
  /** The number as given. */
  readonly input: string;
  readonly reason: InvalidPhoneNumberReason;
}

/** A batch of members read: one per number (the last of a number wins), and the members whose number is not valid. */
export interface ContactMemberBatch {
  readonly members: readonly ContactMember[];
  readonly errors: readonly ContactMemberError[];
}

/**
 * Reads 1 to 1000 members given by a client. A name or variable that breaks the rules refuses the
 * whole batch (one error naming every such field, `members.3.vars.city`); a number that is not
 * valid in international format only leaves its member out, reported in `errors`.
 */
export function readContactMembers(inputs: readonly ContactMemberInput[]): Result<ContactMemberBatch, ValidationError> {
  if (inputs.length < 1 || inputs.length > CONTACT_MEMBERS_PER_CALL) return err(fieldError('members', `Give 1 to ${CONTACT_MEMBERS_PER_CALL} members`));
  const issues = inputs.flatMap((input, index) => contactMemberIssues(input).map((issue) => ({ ...issue, path: `members.${index}.${issue.path}` })));
  if (issues.length > 0) return err(validationError(issues));
  const members = new Map<string, ContactMember>();
  const errors: ContactMemberError[] = [];
  inputs.forEach((input, index) => {
    const phone = PhoneNumber.create(input.phone);
    if (phone.isErr()) errors.push({ index, input: input.phone, reason: phone.error.reason });
    else members.set(phone.value.e164, contactMember(phone.value, input.name, input.vars));
  });
  return ok({ members: [...members.values()], errors });
}
