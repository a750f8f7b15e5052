import { errAsync, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import { contactListNotFound } from '../../domain/contacts/mail-contact-list.ts';
import type { MailContactListRef } from './mail-contact-refs.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** `DELETE /v1/contacts/lists/{id}`: the list and its contacts. */
export class DeleteMailContactList {
  constructor(private readonly repository: MailContactRepository) {}

  execute({ accountId, listId }: MailContactListRef): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.repository.deleteList(accountId, listId)).andThen((deleted) => (deleted ? okAsync(undefined) : errAsync(contactListNotFound(listId))));
  }
}
