import { errAsync, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { MailContact } from '../../domain/contacts/mail-contact.ts';
import { contactListNotFound, mailContactNotFound, type MailContactListView } from '../../domain/contacts/mail-contact-list.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** A list of mail contacts of the account (`cl_...`). */
export interface MailContactListRef {
  readonly accountId: string;
  readonly listId: string;
}

/** A contact of such a list. */
export interface MailContactRef extends MailContactListRef {
  /** `ct_...` or an address (any case). */
  readonly contact: string;
}

/** The account's list; another account's list is `not_found`, as a missing one. */
export function findContactList(repository: MailContactRepository, { accountId, listId }: MailContactListRef): ResultAsync<MailContactListView, NotFoundError> {
  return ResultAsync.fromSafePromise(repository.findList(accountId, listId)).andThen((list) => (list ? okAsync(list) : errAsync(contactListNotFound(listId))));
}

/** The list's 404 before the contact's: another account's list is never told apart from a missing one. */
export function findContact(repository: MailContactRepository, ref: MailContactRef): ResultAsync<MailContact, NotFoundError> {
  return findContactList(repository, ref).andThen(() =>
    ResultAsync.fromSafePromise(repository.findContact(ref.accountId, ref.listId, ref.contact)).andThen((found) => (found ? okAsync(found) : errAsync(mailContactNotFound(ref.contact)))),
  );
}
