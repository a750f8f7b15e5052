import { atomically, err, ResultAsync, type Clock, type ConflictError, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { contactListNotFound } from '../../domain/contacts/contact-errors.ts';
import type { ContactList, ContactListChanges } from '../../domain/contacts/contact-list.aggregate.ts';
import type { ContactListRepository } from './contact-list.repository.port.ts';

export interface UpdateContactListInput extends ContactListChanges {
  readonly accountId: string;
  readonly id: number;
}

export type UpdateContactListError = ValidationError | NotFoundError | ConflictError;

/**
 * Changes a list's name and/or description. Another account's list is `not_found`, like a missing
 * one; a name another list of the account has is a `conflict`.
 */
export class UpdateContactList {
  constructor(
    private readonly lists: ContactListRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: UpdateContactListInput): ResultAsync<ContactList, UpdateContactListError> {
    const { accountId, id, ...changes } = input;
    return atomically<ContactList, UpdateContactListError>(this.unitOfWork, async () => {
      const list = await this.lists.find(accountId, id);
      if (!list) return err(contactListNotFound(id));
      const revised = list.revise(changes, this.clock.now());
      return revised.isErr() ? err(revised.error) : this.lists.update(revised.value);
    });
  }
}
