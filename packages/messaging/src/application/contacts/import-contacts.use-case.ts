import { atomically, errAsync, ResultAsync, type Clock, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { contactListNotFound, type TooManyRowsError } from '../../domain/contacts/contact-errors.ts';
import { readContactFile, type ContactRowError } from '../../domain/contacts/contact-file.ts';
import type { ContactListRepository, ContactMemberWrite } from './contact-list.repository.port.ts';

/** Row errors an import reports in full; `errorCount` counts them all. */
export const CONTACT_IMPORT_ERRORS_SHOWN = 100;

export interface ImportContactsInput {
  readonly accountId: string;
  readonly listId: number;
  /** The CSV text (see `readContactFile`). */
  readonly csv: string;
  /** ISO alpha-2 (see `isNumberingCountry`): numbers without `+` or `00` are national numbers of it. */
  readonly defaultCountry?: string;
}

export interface ContactImport extends ContactMemberWrite {
  /** Members written: distinct numbers of the rows without errors. */
  readonly imported: number;
  /** Rows whose number an earlier row of the file had (the last row of a number wins). */
  readonly duplicates: number;
  readonly errorCount: number;
  /** The first `CONTACT_IMPORT_ERRORS_SHOWN` row errors, in file order. */
  readonly errors: readonly ContactRowError[];
}

export type ImportContactsError = NotFoundError | ValidationError | TooManyRowsError;

/**
 * Adds the contacts of a CSV file to one of the account's lists, as `AddContactMembers` adds
 * members: the rows without errors all or nothing, in one unit of work. The file is read before
 * the unit of work starts, so a large file holds no transaction open while it is parsed.
 */
export class ImportContacts {
  constructor(
    private readonly lists: ContactListRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: ImportContactsInput): ResultAsync<ContactImport, ImportContactsError> {
    const { accountId, listId } = input;
    return ResultAsync.fromSafePromise(this.lists.find(accountId, listId)).andThen((list) => {
      if (!list) return errAsync(contactListNotFound(listId));
      const file = readContactFile(input.csv, input.defaultCountry);
      if (file.isErr()) return errAsync(file.error);
      const { members, duplicates, errors } = file.value;
      return atomically(this.unitOfWork, () => this.lists.addMembers(accountId, listId, members, this.clock.now()))
        .map((write) => ({
          ...write,
          imported: members.length,
          duplicates,
          errorCount: errors.length,
          errors: errors.slice(0, CONTACT_IMPORT_ERRORS_SHOWN),
        }));
    });
  }
}
