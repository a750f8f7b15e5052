import { err, ok, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import { longerThan, NAME_CONTROL, TEXT_CONTROL, UNPAIRED_SURROGATE } from '../text-rules.ts';

export const CONTACT_LIST_NAME_MAX_LENGTH = 80;
export const CONTACT_LIST_DESCRIPTION_MAX_LENGTH = 500;
/** `GET /api/contacts/lists`: up to 500 per page, 100 by default. */
export const CONTACT_LISTS_MAX_LIMIT = 500;
export const CONTACT_LISTS_DEFAULT_LIMIT = 100;

export interface ContactListContent {
  readonly name: string;
  /** Null when the list has none. */
  readonly description: string | null;
}

/** What `PATCH` changes: the fields given; a null description removes it. */
export interface ContactListChanges {
  readonly name?: string;
  readonly description?: string | null;
}

/** A list not stored yet: it gets its id from the repository. */
export interface ContactListDraft extends ContactListContent {
  readonly accountId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface ContactListSnapshot extends ContactListDraft {
  /** A positive integer, unique across accounts. */
  readonly id: number;
  /** Members stored when the list was read. */
  readonly memberCount: number;
}

/**
 * What makes two list names the same within an account: the stored name (trimmed, NFC) in lower
 * case, as the unique index on `lower(name)` compares them. Characters are lower-cased one by one,
 * as PostgreSQL does (no final-sigma rule).
 */
export const contactListNameKey = (name: string): string => Array.from(name, (character) => character.toLowerCase()).join('');

/** Names are kept trimmed and NFC-normalised (so the unique index compares one form of each name). */
const normalName = (name: string): string => name.trim().normalize('NFC');
/** Descriptions are kept trimmed; a blank one is none. */
const normalDescription = (description: string | null): string | null => description?.trim() || null;

const nameIssue = (raw: string): FieldIssue | undefined => {
  const name = normalName(raw);
  if (name.length === 0 || longerThan(name, CONTACT_LIST_NAME_MAX_LENGTH)) return { path: 'name', message: `Must be 1 to ${CONTACT_LIST_NAME_MAX_LENGTH} characters` };
  if (NAME_CONTROL.test(name) || UNPAIRED_SURROGATE.test(name)) return { path: 'name', message: 'Must not contain control characters or unpaired surrogates' };
  return undefined;
};

const descriptionIssue = (description: string): FieldIssue | undefined => {
  if (longerThan(description.trim(), CONTACT_LIST_DESCRIPTION_MAX_LENGTH)) {
    return { path: 'description', message: `At most ${CONTACT_LIST_DESCRIPTION_MAX_LENGTH} characters` };
  }
  if (TEXT_CONTROL.test(description) || UNPAIRED_SURROGATE.test(description)) {
    return { path: 'description', message: 'Must not contain control characters (other than tab and line breaks) or unpaired surrogates' };
  }
  return undefined;
};

/**
 * The fields of `changes` that break the rules: a name is 1 to 80 characters once normalised, without
 * control characters; a description at most 500 once trimmed, without control characters other
 * than tab and line breaks. Neither holds an unpaired surrogate.
 */
export function contactListIssues(changes: ContactListChanges): FieldIssue[] {
  return [
    changes.name === undefined ? undefined : nameIssue(changes.name),
    changes.description == null ? undefined : descriptionIssue(changes.description),
  ].filter((issue): issue is FieldIssue => issue !== undefined);
}

const invalid = (issues: readonly FieldIssue[]): ValidationError =>
  validationError(issues);

/** A saved list of contacts of one account; its members are stored beside it (see `ContactListRepository`). */
export class ContactList {
  private constructor(private readonly state: ContactListSnapshot) {}

  /** A new list's content, checked and normalised. */
  static draft(input: ContactListContent & { readonly accountId: string }, now: Date): Result<ContactListDraft, ValidationError> {
    const issues = contactListIssues(input);
    if (issues.length > 0) return err(invalid(issues));
    return ok({ accountId: input.accountId, name: normalName(input.name), description: normalDescription(input.description), createdAt: now, updatedAt: now });
  }

  static rehydrate(snapshot: ContactListSnapshot): ContactList {
    return new ContactList({ ...snapshot });
  }

  get id(): number {
    return this.state.id;
  }

  get accountId(): string {
    return this.state.accountId;
  }

  get name(): string {
    return this.state.name;
  }

  get description(): string | null {
    return this.state.description;
  }

  get memberCount(): number {
    return this.state.memberCount;
  }

  get createdAt(): Date {
    return this.state.createdAt;
  }

  get updatedAt(): Date {
    return this.state.updatedAt;
  }

  /** Changes the fields given (at least one), checked like a draft; `updatedAt` moves. */
  revise(changes: ContactListChanges, now: Date): Result<ContactList, ValidationError> {
    if (changes.name === undefined && changes.description === undefined) {
      return err(invalid([{ path: '', message: 'Nothing to change: give name, description or both' }]));
    }
    const issues = contactListIssues(changes);
    if (issues.length > 0) return err(invalid(issues));
    const name = changes.name === undefined ? this.state.name : normalName(changes.name);
    const description = changes.description === undefined ? this.state.description : normalDescription(changes.description);
    return ok(new ContactList({ ...this.state, name, description, updatedAt: now }));
  }

  toSnapshot(): ContactListSnapshot {
    return { ...this.state };
  }
}
