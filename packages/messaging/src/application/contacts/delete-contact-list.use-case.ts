import { atomically, err, ok, ResultAsync, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import { contactListNotFound } from '../../domain/contacts/contact-errors.ts';
import type { ContactListRepository } from './contact-list.repository.port.ts';

/** Deletes one of the account's contact lists with its members; another account's list is `not_found`. */
export class DeleteContactList {
  constructor(
    private readonly lists: ContactListRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(input: { readonly accountId: string; readonly id: number }): ResultAsync<void, NotFoundError> {
    return atomically(this.unitOfWork, async () =>
      (await this.lists.delete(input.accountId, input.id)) ? ok(undefined) : err(contactListNotFound(input.id)),
    );
  }
}
