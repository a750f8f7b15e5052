import { errAsync, okAsync, ResultAsync, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import { contactListNotFound } from '../domain/contacts/contact-errors.ts';
import type { ContactListRepository } from '../domain/contacts/contact-list.repository.port.ts';

/** Deletes one of the account's contact lists with its members; another account's list is `not_found`. */
export class DeleteContactList {
  constructor(
    private readonly lists: ContactListRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(input: { readonly accountId: string; readonly id: number }): ResultAsync<void, NotFoundError> {
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.lists.delete(input.accountId, input.id)).andThen((deleted) =>
        deleted ? okAsync(undefined) : errAsync(contactListNotFound(input.id)),
      ),
    );
  }
}
