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
import type { InvalidPhoneNumberReason } from '../numbers/number-parser.ts';
import { readPhoneNumber } from '../numbers/read-phone-number.ts';
import { CONTACT_MAX_VARS, contactMember, contactNameIssue, varKeyIssue, varValueIssue } from './contact-member.ts';
import type { ContactMember } from './contact-member.ts';

/** The most data rows one CSV import takes. */
export const CONTACT_IMPORT_MAX_ROWS = 100_000;
/** Header names (any case) of the column holding the numbers; the leftmost such column is it. */
export const PHONE_COLUMN_NAMES: readonly string[] = ['phone', 'msisdn', 'number', 'mobile', 'to'];
const NAME_COLUMN_NAME = 'name';

export type ContactRowErrorReason = InvalidPhoneNumberReason | 'missing_phone' | 'column_count' | 'unterminated_quote' | 'invalid_name' | 'invalid_var';

/** A data row left out of an import (the shared CSV rules: `readCsvTable`). */
export type ContactRowError = CsvRowError<ContactRowErrorReason>;

/** What a CSV file holds, ready to store. */
export interface ContactFile {
  /** One per number, in order of first appearance, each with the content of its last row. */
  readonly members: readonly ContactMember[];
  /** Rows whose number an earlier row of the file had. */
  readonly duplicates: number;
  /** The rows left out, in file order. */
  readonly errors: readonly ContactRowError[];
}

interface Columns {
  readonly count: number;
  readonly phone: number;
  readonly name: number | undefined;
  readonly vars: readonly { readonly index: number; readonly key: string }[];
}

const HEADER_REQUIRED = `The file must start with a header row naming its columns, one of them ${PHONE_COLUMN_NAMES.join(', ')}`;

const headerError = (issues: readonly FieldIssue[]): ValidationError =>
  validationError(issues, 'The header row cannot be used');

/**
 * The columns the header names: the phone column, an optional `name` column (names compared in
 * any case) and variables for the rest (trimmed names that are good variable names). Column names
 * must differ in more than case. Every problem is named in one error.
 */
function columnsOf(header: CsvRecord | undefined): Result<Columns, ValidationError> {
  if (header === undefined || header.raw.trim() === '') return err(headerError([{ path: 'header', message: HEADER_REQUIRED }]));
  if (header.unterminatedQuote) return err(headerError([{ path: 'header', message: 'A quoted column name has no closing quote' }]));
  const names = header.fields.map((field) => field.trim());
  const lower = names.map((name) => name.toLowerCase());
  const issues: FieldIssue[] = [];
  const phone = columnNamed(lower, PHONE_COLUMN_NAMES);
  if (phone === -1) issues.push({ path: 'header', message: `No phone column: ${HEADER_REQUIRED} (it has ${names.map((name) => JSON.stringify(name)).join(', ')})` });
  const name = lower.indexOf(NAME_COLUMN_NAME);
  const vars: { index: number; key: string }[] = [];
  const column = (index: number) => `Column ${index + 1} (${JSON.stringify(header.fields[index])})`;
  const repeats = new Map(repeatedColumns(lower).map(({ index, first }) => [index, first]));
  names.forEach((key, index) => {
    const first = repeats.get(index);
    if (first !== undefined) issues.push({ path: `header.${index}`, message: `${column(index)} repeats column ${first + 1} (names are compared in any case)` });
    else if (index !== phone && index !== name) {
      const issue = varKeyIssue(key);
      if (issue) issues.push({ path: `header.${index}`, message: `${column(index)}: ${issue}` });
      else vars.push({ index, key });
    }
  });
  if (vars.length > CONTACT_MAX_VARS) issues.push({ path: 'header', message: `At most ${CONTACT_MAX_VARS} variable columns (the file has ${vars.length})` });
  if (issues.length > 0) return err(headerError(issues));
  return ok({ count: names.length, phone, name: name === -1 ? undefined : name, vars });
}

function readRow(record: CsvRecord, columns: Columns, defaultCountry: string | undefined): Result<ContactMember, ContactRowError> {
  const { row } = record;
  const formed = wellFormedRow(record, columns.count);
  if (formed.isErr()) return err(formed.error);
  const fields = formed.value;
  const phoneCell = fields[columns.phone]!;
  if (phoneCell.trim() === '') return err({ row, value: phoneCell, reason: 'missing_phone' });
  const phone = readPhoneNumber(phoneCell, defaultCountry);
  if (phone.isErr()) return err({ row, value: phoneCell, reason: phone.error.reason });
  const name = columns.name === undefined ? undefined : fields[columns.name]!;
  if (name !== undefined && contactNameIssue(name)) return err({ row, value: name, reason: 'invalid_name' });
  const vars: Record<string, string> = {};
  for (const { index, key } of columns.vars) {
    const value = fields[index]!;
    if (varValueIssue(value)) return err({ row, value, reason: 'invalid_var' });
    vars[key] = value;
  }
  return ok(contactMember(phone.value, name, vars));
}

/**
 * Reads a CSV file of contacts (see `parseCsv`). Blank lines are skipped. The header row must
 * name a phone column (else a validation error naming the header); at most 100,000 data rows
 * (else `too_many_rows`). A row that cannot be stored is reported and left out; the others are
 * kept, one per number (the last row of a number wins). Numbers are read in international format,
 * or as national numbers of `defaultCountry` when it is given.
 */
export function readContactFile(text: string, defaultCountry?: string): Result<ContactFile, ValidationError | TooManyRowsError> {
  const table = readCsvTable(text, CONTACT_IMPORT_MAX_ROWS);
  if (table.isErr()) return err(table.error);
  const { header, rows } = table.value;
  return columnsOf(header).map((columns) => {
    const members = new Map<string, ContactMember>();
    const errors: ContactRowError[] = [];
    let duplicates = 0;
    for (const record of rows) {
      const member = readRow(record, columns, defaultCountry);
      if (member.isErr()) {
        errors.push(member.error);
        continue;
      }
      if (members.has(member.value.phone)) duplicates++;
      members.set(member.value.phone, member.value);
    }
    return { members: [...members.values()], duplicates, errors };
  });
}
