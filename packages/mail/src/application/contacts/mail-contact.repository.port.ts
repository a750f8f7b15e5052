import type { ConflictError, Result } from '@tuma/kernel';
import type { ContactWrite, MailContact, MailContactChanges } from '../../domain/contacts/mail-contact.ts';
import type { MailContactList, MailContactListView } from '../../domain/contacts/mail-contact-list.ts';

/** What a write of contacts did: addresses new to the list, and addresses whose names and data it replaced. */
export interface ContactsWritten {
  readonly added: number;
  readonly updated: number;
}

export interface ContactQuery {
  /** Text in the address, first or last name, case aside. */
  readonly q?: string;
  readonly unsubscribed?: boolean;
  readonly offset: number;
  readonly limit: number;
}

export interface ContactPage {
  /** In the order their addresses were first added. */
  readonly contacts: readonly MailContact[];
  /** Contacts matching the query. */
  readonly total: number;
}

/**
 * The mail API's contact lists and their contacts. Every lookup is scoped to the account: another
 * account's list is as absent as one that never existed. Names are unique per account in any case
 * (of two concurrent writes of one name, one is a conflict). A list holds one contact per address
 * (lower-case), in the order addresses were first added.
 */
export interface MailContactRepository {
  /** A new, empty list; `conflict` when the account has one of that name. */
  insertList(list: MailContactList): Promise<Result<MailContactListView, ConflictError>>;
  /** Renames the list (moving `updatedAt`); `conflict` on a taken name, undefined when it is not the account's. */
  renameList(accountId: string, id: string, name: string, at: Date): Promise<Result<MailContactListView | undefined, ConflictError>>;
  findList(accountId: string, id: string): Promise<MailContactListView | undefined>;
  /** Newest first; `after` a list id (the cursor). */
  lists(accountId: string, page: { readonly after?: string; readonly limit: number }): Promise<readonly MailContactListView[]>;
  /** The list and its contacts; false when it is not the account's. */
  deleteList(accountId: string, id: string): Promise<boolean>;
  /**
   * Adds each address new to the list (after the others, in the order given, with `newId` for its
   * id) and replaces the names and data of the others, which keep their id, place and
   * `createdAt`; `unsubscribed` changes only where given. All or nothing; the list's `updatedAt`
   * moves to `at`. The addresses must be distinct and lower-case. Undefined when the list is not
   * the account's.
   */
  upsert(accountId: string, listId: string, contacts: readonly ContactWrite[], at: Date, newId: () => string): Promise<ContactsWritten | undefined>;
  /** A page of the list's contacts; undefined when the list is not the account's. */
  contactPage(accountId: string, listId: string, query: ContactQuery): Promise<ContactPage | undefined>;
  /** A contact of the list by its id (`ct_...`) or address (any case). */
  findContact(accountId: string, listId: string, idOrEmail: string): Promise<MailContact | undefined>;
  /** Writes the fields given (moving the contact's and the list's `updatedAt`); undefined when there is no such contact. */
  updateContact(accountId: string, listId: string, contactId: string, changes: MailContactChanges, at: Date): Promise<MailContact | undefined>;
  deleteContact(accountId: string, listId: string, contactId: string, at: Date): Promise<boolean>;
  /** Marks a contact unsubscribed, whichever account's (a signed unsubscribe link names it); false when it is gone. Again: true. */
  unsubscribe(contactId: string, at: Date): Promise<boolean>;
}
