import { errAsync, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import { contactListNotFound } from '../../domain/contacts/contact-errors.ts';
import type { ContactList } from '../../domain/contacts/contact-list.aggregate.ts';
import type { ContactListRepository } from './contact-list.repository.port.ts';

/** One of the account's contact lists; another account's list is `not_found`. */
export class GetContactList {
  constructor(private readonly lists: ContactListRepository) {}

  execute(input: { readonly accountId: string; readonly id: number }): ResultAsync<ContactList, NotFoundError> {
    return ResultAsync.fromSafePromise(this.lists.find(input.accountId, input.id)).andThen((list) =>
      list ? okAsync(list) : errAsync(contactListNotFound(input.id)),
    );
  }
}
