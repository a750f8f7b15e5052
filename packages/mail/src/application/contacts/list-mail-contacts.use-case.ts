import { errAsync, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import { contactListNotFound } from '../../domain/contacts/mail-contact-list.ts';
import type { MailContactListRef } from './mail-contact-refs.ts';
import type { ContactPage, ContactQuery, MailContactRepository } from './mail-contact.repository.port.ts';

/** `GET /v1/contacts/lists/{id}/contacts`: a page of the list's contacts, searched and filtered. */
export class ListMailContacts {
  constructor(private readonly repository: MailContactRepository) {}

  execute(input: MailContactListRef & ContactQuery): ResultAsync<ContactPage, NotFoundError> {
    const { accountId, listId, ...query } = input;
    return ResultAsync.fromSafePromise(this.repository.contactPage(accountId, listId, query)).andThen((page) => (page ? okAsync(page) : errAsync(contactListNotFound(listId))));
  }
}
