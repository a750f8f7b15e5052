import { errAsync, newId, ResultAsync, type Clock, type ConflictError, type ValidationError } from '@tuma/kernel';
import { contactListName, type MailContactListView } from '../../domain/contacts/mail-contact-list.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** `POST /v1/contacts/lists` (docs/mail.md, "Contacts and broadcasts"): a new, empty list of mail contacts; its name must be new to the account. */
export class CreateMailContactList {
  constructor(
    private readonly repository: MailContactRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly name: string }): ResultAsync<MailContactListView, ValidationError | ConflictError> {
    const name = contactListName(input.name);
    if (name.isErr()) return errAsync(name.error);
    const now = this.clock.now();
    return new ResultAsync(this.repository.insertList({ id: newId('cl', now), accountId: input.accountId, name: name.value, createdAt: now, updatedAt: now }));
  }
}
