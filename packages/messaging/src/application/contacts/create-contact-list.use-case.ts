import { atomically, errAsync, ResultAsync, type Clock, type ConflictError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { ContactList, type ContactListContent } from '../../domain/contacts/contact-list.aggregate.ts';
import type { ContactListRepository } from './contact-list.repository.port.ts';

export interface CreateContactListInput extends ContactListContent {
  readonly accountId: string;
}

export type CreateContactListError = ValidationError | ConflictError;

/** Stores a new, empty contact list; its name must be new to the account (in any case). */
export class CreateContactList {
  constructor(
    private readonly lists: ContactListRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateContactListInput): ResultAsync<ContactList, CreateContactListError> {
    const draft = ContactList.draft(input, this.clock.now());
    if (draft.isErr()) return errAsync(draft.error);
    return atomically(this.unitOfWork, () => this.lists.insert(draft.value));
  }
}
