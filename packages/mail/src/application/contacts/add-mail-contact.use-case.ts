import { errAsync, okAsync, ResultAsync, validationError, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { readContactBatch, type MailContact, type MailContactInput } from '../../domain/contacts/mail-contact.ts';
import { contactListNotFound } from '../../domain/contacts/mail-contact-list.ts';
import type { MailContactWriter } from './mail-contact-writer.ts';
import type { MailContactListRef } from './mail-contact-refs.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** `POST /v1/contacts/lists/{id}/contacts` with one contact, upserted by address: the contact as stored, or a 422 naming `email` when the address is not one. */
export class AddMailContact {
  constructor(
    private readonly repository: MailContactRepository,
    private readonly writer: MailContactWriter,
  ) {}

  execute(input: MailContactListRef & { readonly contact: MailContactInput }): ResultAsync<MailContact, ValidationError | NotFoundError> {
    const batch = readContactBatch([input.contact], 'contact');
    if (batch.isErr()) return errAsync(validationError(batch.error.details.map((issue) => ({ ...issue, path: issue.path.replace(/^contact\.0\./, '') }))));
    const [contact] = batch.value.contacts;
    if (!contact) return errAsync(validationError([{ path: 'email', message: `${input.contact.email} is not an email address` }]));
    return this.writer
      .write(input, [contact])
      .andThen(() => ResultAsync.fromSafePromise(this.repository.findContact(input.accountId, input.listId, contact.email)))
      .andThen((stored) => (stored ? okAsync(stored) : errAsync(contactListNotFound(input.listId))));
  }
}
