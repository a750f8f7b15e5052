import type { ConflictError, NotFoundError, Result } from '@tuma/kernel';
import type { ContactList, ContactListDraft } from '../../domain/contacts/contact-list.aggregate.ts';
import type { StoredContactMember } from '../../domain/contacts/contact-member.ts';
import type { ContactMember, ContactSource } from './contact-source.port.ts';

export interface ContactMemberPage {
  /** In insertion order. */
  readonly members: readonly StoredContactMember[];
  /** Members of the list. */
  readonly total: number;
}

/** What a write of members did: numbers new to the list, and numbers whose name and variables it replaced. */
export interface ContactMemberWrite {
  readonly added: number;
  readonly updated: number;
}

/**
 * An account's contact lists and their members. Every lookup is scoped to the account: another
 * account's list is as absent as one that never existed. Names are unique per account by
 * `contactListNameKey`, which the store enforces (of two concurrent writes of one name, one is a
 * conflict). Each list holds one member per number, in the order numbers were first added. As a
 * `ContactSource`, a list id given twice is read once, at its first place.
 */
export interface ContactListRepository extends ContactSource {
  /** Stores a new list under a fresh id; `conflict` when the account has a list of that name. */
  insert(draft: ContactListDraft): Promise<Result<ContactList, ConflictError>>;
  /** Writes a revised list's name, description and `updatedAt`; `conflict` on a taken name, `not_found` when it is gone. */
  update(list: ContactList): Promise<Result<ContactList, ConflictError | NotFoundError>>;
  find(accountId: string, id: number): Promise<ContactList | undefined>;
  /** Newest first (by id), at most `limit`. */
  list(accountId: string, limit: number): Promise<readonly ContactList[]>;
  /** Deletes the list and its members; false when the account has no list with this id. */
  delete(accountId: string, id: number): Promise<boolean>;
  /**
   * Adds each member whose number is new to the list (after the others, in the order given) and
   * replaces the name and variables of the others (they keep their place and `createdAt`), all or
   * nothing; the list's `updatedAt` moves to `at` when there are members. The numbers must be
   * distinct. `not_found` when the list is not the account's.
   */
  addMembers(accountId: string, listId: number, members: readonly ContactMember[], at: Date): Promise<Result<ContactMemberWrite, NotFoundError>>;
  /** One page (0-based) of the list's members in insertion order; undefined when the list is not the account's. */
  memberPage(accountId: string, listId: number, page: number, limit: number): Promise<ContactMemberPage | undefined>;
  /** Removes the member with this E.164 number, moving the list's `updatedAt`; false when there is none (or the list is not the account's). */
  removeMember(accountId: string, listId: number, phone: string, at: Date): Promise<boolean>;
}
