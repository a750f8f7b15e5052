import {
  columnNamed,
  err,
  ok,
  readCsvTable,
  repeatedColumns,
  validationError,
  wellFormedRow,
  type CsvRecord,
  type CsvRowError,
  type FieldIssue,
  type Result,
  type TooManyRowsError,
  type ValidationError,
} from '@tuma/kernel';
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

interface Columns {
  readonly count: number;
  readonly email: number;
  readonly firstName: number | undefined;
  readonly lastName: number | undefined;
  readonly data: readonly { readonly index: number; readonly key: string }[];
}

const HEADER_REQUIRED = `The file must start with a header row naming its columns, one of them ${EMAIL_COLUMN_NAMES.join(', ')}`;

const headerError = (issues: readonly FieldIssue[]): ValidationError => validationError(issues, 'The header row cannot be used');

const optional = (index: number): number | undefined => (index === -1 ? undefined : index);

/**
 * The columns the header names: the address column, optional first and last name columns, and a
 * data key for every other column (trimmed names that are good keys). As for SMS lists, names are
 * compared in any case and must differ in more than case; every problem is named in one error.
 */
function columnsOf(header: CsvRecord | undefined): Result<Columns, ValidationError> {
  if (header === undefined || header.raw.trim() === '') return err(headerError([{ path: 'header', message: HEADER_REQUIRED }]));
  if (header.unterminatedQuote) return err(headerError([{ path: 'header', message: 'A quoted column name has no closing quote' }]));
  const names = header.fields.map((field) => field.trim());
  const lower = names.map((name) => name.toLowerCase());
  const issues: FieldIssue[] = [];
  const email = columnNamed(lower, EMAIL_COLUMN_NAMES);
  if (email === -1) issues.push({ path: 'header', message: `No email column: ${HEADER_REQUIRED} (it has ${names.map((name) => JSON.stringify(name)).join(', ')})` });
  const firstName = columnNamed(lower, FIRST_NAME_COLUMNS);
  const lastName = columnNamed(lower, LAST_NAME_COLUMNS);
  const column = (index: number) => `Column ${index + 1} (${JSON.stringify(header.fields[index])})`;
  const repeats = new Map(repeatedColumns(lower).map(({ index, first }) => [index, first]));
  const data: { index: number; key: string }[] = [];
  names.forEach((key, index) => {
    const first = repeats.get(index);
    if (first !== undefined) issues.push({ path: `header.${index}`, message: `${column(index)} repeats column ${first + 1} (names are compared in any case)` });
    else if (index !== email && index !== firstName && index !== lastName) {
      const issue = dataKeyIssue(key);
      if (issue) issues.push({ path: `header.${index}`, message: `${column(index)}: ${issue}` });
      else data.push({ index, key });
    }
  });
  if (data.length > MAIL_CONTACT_MAX_DATA) issues.push({ path: 'header', message: `At most ${MAIL_CONTACT_MAX_DATA} data columns (the file has ${data.length})` });
  if (issues.length > 0) return err(headerError(issues));
  return ok({ count: names.length, email, firstName: optional(firstName), lastName: optional(lastName), data });
}

function readRow(record: CsvRecord, columns: Columns): Result<ContactWrite, MailContactRowError> {
  const { row } = record;
  const formed = wellFormedRow(record, columns.count);
  if (formed.isErr()) return err(formed.error);
  const fields = formed.value;
  const emailCell = fields[columns.email]!;
  if (emailCell.trim() === '') return err({ row, value: emailCell, reason: 'missing_email' });
  const email = contactEmail(emailCell);
  if (email.isErr()) return err({ row, value: emailCell, reason: 'invalid_email' });
  const names: (string | null)[] = [];
  for (const index of [columns.firstName, columns.lastName]) {
    const name = index === undefined ? undefined : fields[index]!;
    if (name !== undefined && contactNameIssue(name)) return err({ row, value: name, reason: 'invalid_name' });
    names.push(storedName(name));
  }
  const data: Record<string, string> = {};
  for (const { index, key } of columns.data) {
    const value = fields[index]!;
    if (dataValueIssue(value)) return err({ row, value, reason: 'invalid_data' });
    data[key] = value;
  }
  return ok({ email: email.value, firstName: names[0]!, lastName: names[1]!, data });
}

/**
 * Reads a CSV file of mail contacts by the rules of the SMS contact import (docs/contacts.md, "CSV
 * import"; the reading shared through `readCsvTable`): a header row naming an email column, at
 * most 100,000 data rows (else `too_many_rows`), a row that cannot be stored reported and left
 * out, one contact per address (the last row of an address wins, in the place of its first). An
 * import never sets `unsubscribed`: re-importing a list does not resubscribe anyone.
 */
export function readMailContactFile(text: string): Result<MailContactFile, ValidationError | TooManyRowsError> {
  const table = readCsvTable(text, MAIL_CONTACT_IMPORT_MAX_ROWS);
  if (table.isErr()) return err(table.error);
  const { header, rows } = table.value;
  return columnsOf(header).map((columns) => {
    const contacts = new Map<string, ContactWrite>();
    const errors: MailContactRowError[] = [];
    let duplicates = 0;
    for (const record of rows) {
      const contact = readRow(record, columns);
      if (contact.isErr()) {
        errors.push(contact.error);
        continue;
      }
      if (contacts.has(contact.value.email)) duplicates++;
      contacts.set(contact.value.email, contact.value);
    }
    return { contacts: [...contacts.values()], duplicates, errors };
  });
}
