import { errAsync, type NotFoundError, type ResultAsync, type ValidationError } from '@tuma/kernel';
import { readContactBatch, type ContactInputError, type MailContactInput } from '../../domain/contacts/mail-contact.ts';
import type { MailContactWriter } from './mail-contact-writer.ts';
import type { MailContactListRef } from './mail-contact-refs.ts';
import type { ContactsWritten } from './mail-contact.repository.port.ts';

export interface ContactsAdded extends ContactsWritten {
  /** Contacts left out: their address is not one. */
  readonly errors: readonly ContactInputError[];
}

/** `POST /v1/contacts/lists/{id}/contacts` with `contacts`: 1 to 1000 contacts, upserted by address (any case); invalid addresses reported and left out. */
export class AddMailContacts {
  constructor(private readonly writer: MailContactWriter) {}

  execute(input: MailContactListRef & { readonly contacts: readonly MailContactInput[] }): ResultAsync<ContactsAdded, ValidationError | NotFoundError> {
    const batch = readContactBatch(input.contacts);
    if (batch.isErr()) return errAsync(batch.error);
    const { contacts, errors } = batch.value;
    return this.writer.write(input, contacts).map((written) => ({ ...written, errors }));
  }
}
