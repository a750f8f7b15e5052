import { errAsync, okAsync, ResultAsync, type Clock, type ConflictError, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { contactListName, contactListNotFound, type MailContactListView } from '../../domain/contacts/mail-contact-list.ts';
import type { MailContactListRef } from './mail-contact-refs.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** `PATCH /v1/contacts/lists/{id}`: a new name, new to the account. */
export class RenameMailContactList {
  constructor(
    private readonly repository: MailContactRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: MailContactListRef & { readonly name: string }): ResultAsync<MailContactListView, ValidationError | ConflictError | NotFoundError> {
    const name = contactListName(input.name);
    if (name.isErr()) return errAsync(name.error);
    return new ResultAsync(this.repository.renameList(input.accountId, input.listId, name.value, this.clock.now())).andThen((list) => (list ? okAsync(list) : errAsync(contactListNotFound(input.listId))));
  }
}
