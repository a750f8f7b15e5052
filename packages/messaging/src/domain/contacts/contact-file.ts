import { readContactTable, type ContactColumnSpec, type CsvRowError, type Result, type TooManyRowsError, type ValidationError } from '@tuma/kernel';
import type { InvalidPhoneNumberReason } from '../numbers/number-parser.ts';
import type { PhoneNumber } from '../numbers/phone-number.value-object.ts';
import { readPhoneNumber } from '../numbers/read-phone-number.ts';
import { CONTACT_MAX_VARS, contactMember, contactNameIssue, varKeyIssue, varValueIssue } from './contact-member.ts';
import type { ContactMember } from './contact-member.ts';

/** The most data rows one CSV import takes. */
export const CONTACT_IMPORT_MAX_ROWS = 100_000;
/** Header names (any case) of the column holding the numbers; the leftmost such column is it. */
export const PHONE_COLUMN_NAMES: readonly string[] = ['phone', 'msisdn', 'number', 'mobile', 'to'];

export type ContactRowErrorReason = InvalidPhoneNumberReason | 'missing_phone' | 'column_count' | 'unterminated_quote' | 'invalid_name' | 'invalid_var';

/** A data row left out of an import (the shared rules: `readContactTable`). */
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

/** A phone column, an optional `name` column, and a variable for every other column. */
const memberColumns = (defaultCountry: string | undefined): ContactColumnSpec<PhoneNumber, ContactRowErrorReason> => ({
  maxRows: CONTACT_IMPORT_MAX_ROWS,
  key: {
    title: 'phone',
    names: PHONE_COLUMN_NAMES,
    missing: 'missing_phone',
    read: (cell) => readPhoneNumber(cell, defaultCountry).mapErr((invalid) => invalid.reason),
    identity: (phone) => phone.e164,
  },
  names: [['name']],
  nameIssue: contactNameIssue,
  free: { title: 'variable', max: CONTACT_MAX_VARS, keyIssue: varKeyIssue, valueIssue: varValueIssue, invalid: 'invalid_var' },
});

/**
 * Reads a CSV file of contacts (the shared rules: `readContactTable`). The header row must name a
 * phone column; every other column but `name` is a variable. One member per number (the last row
 * of a number wins). Numbers are read in international format, or as national numbers of
 * `defaultCountry` when it is given.
 */
export function readContactFile(text: string, defaultCountry?: string): Result<ContactFile, ValidationError | TooManyRowsError> {
  return readContactTable(text, memberColumns(defaultCountry)).map(({ rows, duplicates, errors }) => ({
    members: rows.map((row) => contactMember(row.key, row.names[0], row.free)),
    duplicates,
    errors,
  }));
}
