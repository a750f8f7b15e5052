import { errAsync, ResultAsync, type NotFoundError, type TooManyRowsError, type ValidationError } from '@tuma/kernel';
import { readMailContactFile, type MailContactRowError } from '../../domain/contacts/mail-contact-file.ts';
import type { MailContactWriter } from './mail-contact-writer.ts';
import { findContactList, type MailContactListRef } from './mail-contact-refs.ts';
import type { ContactsWritten, MailContactRepository } from './mail-contact.repository.port.ts';

/** Row errors an import reports in full; `errorCount` counts them all (as the SMS import). */
export const MAIL_CONTACT_IMPORT_ERRORS_SHOWN = 100;

export interface MailContactImport extends ContactsWritten {
  /** Contacts written: distinct addresses of the rows without errors. */
  readonly imported: number;
  /** Rows whose address an earlier row of the file had (the last row of an address wins). */
  readonly duplicates: number;
  readonly errorCount: number;
  /** The first `MAIL_CONTACT_IMPORT_ERRORS_SHOWN` row errors, in file order. */
  readonly errors: readonly MailContactRowError[];
}

/**
 * `POST /v1/contacts/lists/{id}/contacts/import`: a CSV file (docs/mail.md, "Contacts and
 * broadcasts"), read before the unit of work starts; the rows without errors written all or nothing.
 */
export class ImportMailContacts {
  constructor(
    private readonly repository: MailContactRepository,
    private readonly writer: MailContactWriter,
  ) {}

  execute(input: MailContactListRef & { readonly csv: string }): ResultAsync<MailContactImport, ValidationError | TooManyRowsError | NotFoundError> {
    return findContactList(this.repository, input).andThen(() => {
      const file = readMailContactFile(input.csv);
      if (file.isErr()) return errAsync(file.error);
      const { contacts, duplicates, errors } = file.value;
      return this.writer.write(input, contacts).map((written) => ({ ...written, imported: contacts.length, duplicates, errorCount: errors.length, errors: errors.slice(0, MAIL_CONTACT_IMPORT_ERRORS_SHOWN) }));
    });
  }
}
