import { readContactTable, type ContactColumnSpec, type CsvRowError, type Result, type TooManyRowsError, type ValidationError } from '@tuma/kernel';
import { contactEmail, contactNameIssue, dataKeyIssue, dataValueIssue, MAIL_CONTACT_MAX_DATA, storedName, type ContactWrite } from './mail-contact.ts';

/** The most data rows one CSV import takes, as for SMS contact lists. */
export const MAIL_CONTACT_IMPORT_MAX_ROWS = 100_000;
/** Header names (any case) of the address column; the leftmost such column is it. */
export const EMAIL_COLUMN_NAMES: readonly string[] = ['email', 'e-mail', 'email_address', 'mail'];
const FIRST_NAME_COLUMNS: readonly string[] = ['first_name', 'firstname', 'first name'];
const LAST_NAME_COLUMNS: readonly string[] = ['last_name', 'lastname', 'last name'];

export type MailContactRowErrorReason = 'missing_email' | 'invalid_email' | 'column_count' | 'unterminated_quote' | 'invalid_name' | 'invalid_data';

/** A data row left out of an import. */
export type MailContactRowError = CsvRowError<MailContactRowErrorReason>;

export interface MailContactFile {
  /** One per address (any case), in order of first appearance, each with the content of its last row. */
  readonly contacts: readonly ContactWrite[];
  /** Rows whose address an earlier row had. */
  readonly duplicates: number;
  /** The rows left out, in file order. */
  readonly errors: readonly MailContactRowError[];
}

/** An email column, optional first and last name columns, and a data key for every other column. */
const CONTACT_COLUMNS: ContactColumnSpec<string, MailContactRowErrorReason> = {
  maxRows: MAIL_CONTACT_IMPORT_MAX_ROWS,
  key: {
    title: 'email',
    names: EMAIL_COLUMN_NAMES,
    missing: 'missing_email',
    read: (cell) => contactEmail(cell).mapErr(() => 'invalid_email' as const),
    identity: (email) => email,
  },
  names: [FIRST_NAME_COLUMNS, LAST_NAME_COLUMNS],
  nameIssue: contactNameIssue,
  free: { title: 'data', max: MAIL_CONTACT_MAX_DATA, keyIssue: dataKeyIssue, valueIssue: dataValueIssue, invalid: 'invalid_data' },
};

/**
 * Reads a CSV file of mail contacts by the rules of the SMS contact import (docs/contacts.md, "CSV
 * import"; the reading shared through `readContactTable`): a header row naming an email column, at
 * most 100,000 data rows (else `too_many_rows`), a row that cannot be stored reported and left
 * out, one contact per address (the last row of an address wins, in the place of its first). An
 * import never sets `unsubscribed`: re-importing a list does not resubscribe anyone.
 */
export function readMailContactFile(text: string): Result<MailContactFile, ValidationError | TooManyRowsError> {
  return readContactTable(text, CONTACT_COLUMNS).map(({ rows, duplicates, errors }) => ({
    contacts: rows.map((row) => ({ email: row.key, firstName: storedName(row.names[0]), lastName: storedName(row.names[1]), data: row.free })),
    duplicates,
    errors,
  }));
}
