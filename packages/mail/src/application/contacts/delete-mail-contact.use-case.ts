import { errAsync, okAsync, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { mailContactNotFound } from '../../domain/contacts/mail-contact-list.ts';
import { findContact, type MailContactRef } from './mail-contact-refs.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** `DELETE /v1/contacts/lists/{id}/contacts/{contact}`. */
export class DeleteMailContact {
  constructor(
    private readonly repository: MailContactRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: MailContactRef): ResultAsync<void, NotFoundError> {
    return findContact(this.repository, input).andThen((contact) =>
      ResultAsync.fromSafePromise(this.repository.deleteContact(input.accountId, input.listId, contact.id, this.clock.now())).andThen((deleted) => (deleted ? okAsync(undefined) : errAsync(mailContactNotFound(input.contact)))),
    );
  }
}
