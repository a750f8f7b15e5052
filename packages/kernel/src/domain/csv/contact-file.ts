import { validationError, type FieldIssue, type ValidationError } from '../domain-error.ts';
import { err, ok, type Result } from '../../result.ts';
import type { CsvRecord } from './csv.ts';
import { columnNamed, readCsvTable, repeatedColumns, wellFormedRow, type CsvRowError, type TooManyRowsError } from './csv-table.ts';

/**
 * The columns of one kind of contact file (SMS list members, mail contacts): the column that tells
 * contacts apart, optional name columns, and a free column (variable, data key) for every other.
 */
export interface ContactColumnSpec<Key, Reason extends string> {
  /** The most data rows one import takes (`too_many_rows` beyond). */
  readonly maxRows: number;
  readonly key: {
    /** What the column holds, as the header error names it (`No phone column`). */
    readonly title: string;
    /** Header names (any case) of the column; the leftmost such column is it. */
    readonly names: readonly string[];
    /** The reason of a row whose cell is blank. */
    readonly missing: Reason;
    /** The cell read, or the reason of a row whose cell is not one. */
    readonly read: (cell: string) => Result<Key, Reason>;
    /** What two rows of the same contact share (the E.164 number, the lower-case address). */
    readonly identity: (key: Key) => string;
  };
  /** Each optional name column under any of its header names (any case). */
  readonly names: readonly (readonly string[])[];
  /** Why a name cell is refused (`invalid_name`), or undefined. */
  readonly nameIssue: (name: string) => string | undefined;
  /** The columns the header names otherwise, each keyed by its trimmed name. */
  readonly free: {
    /** What such a column is, as the header error names it (`At most 50 variable columns`). */
    readonly title: string;
    readonly max: number;
    readonly keyIssue: (key: string) => string | undefined;
    readonly valueIssue: (value: string) => string | undefined;
    /** The reason of a row with a value `valueIssue` refuses. */
    readonly invalid: Reason;
  };
}

/** A row read: the key, each name column's cell (undefined without the column) and the free columns' values. */
export interface ContactRow<Key> {
  readonly key: Key;
  readonly names: readonly (string | undefined)[];
  readonly free: Readonly<Record<string, string>>;
}

/** A data row left out of a contact file. */
export type ContactRowError<Reason extends string> = CsvRowError<Reason | 'column_count' | 'unterminated_quote' | 'invalid_name'>;

/** What a contact file holds. */
export interface ContactTable<Key, Reason extends string> {
  /** One per contact, in order of first appearance, each with the content of its last row. */
  readonly rows: readonly ContactRow<Key>[];
  /** Rows whose contact an earlier row of the file had. */
  readonly duplicates: number;
  /** The rows left out, in file order. */
  readonly errors: readonly ContactRowError<Reason>[];
}

interface Columns {
  readonly count: number;
  readonly key: number;
  readonly names: readonly (number | undefined)[];
  readonly free: readonly { readonly index: number; readonly key: string }[];
}

const headerError = (issues: readonly FieldIssue[]): ValidationError => validationError(issues, 'The header row cannot be used');

/**
 * The columns the header names: the key column, the name columns found and a free column for
 * every other (trimmed names that are good keys). Names are compared in any case and must differ
 * in more than case; every problem is named in one error.
 */
function columnsOf<Key, Reason extends string>(header: CsvRecord | undefined, spec: ContactColumnSpec<Key, Reason>): Result<Columns, ValidationError> {
  const required = `The file must start with a header row naming its columns, one of them ${spec.key.names.join(', ')}`;
  if (header === undefined || header.raw.trim() === '') return err(headerError([{ path: 'header', message: required }]));
  if (header.unterminatedQuote) return err(headerError([{ path: 'header', message: 'A quoted column name has no closing quote' }]));
  const names = header.fields.map((field) => field.trim());
  const lower = names.map((name) => name.toLowerCase());
  const issues: FieldIssue[] = [];
  const key = columnNamed(lower, spec.key.names);
  if (key === -1) issues.push({ path: 'header', message: `No ${spec.key.title} column: ${required} (it has ${names.map((name) => JSON.stringify(name)).join(', ')})` });
  const nameColumns = spec.names.map((aliases) => columnNamed(lower, aliases));
  const column = (index: number) => `Column ${index + 1} (${JSON.stringify(header.fields[index])})`;
  const repeats = new Map(repeatedColumns(lower).map(({ index, first }) => [index, first]));
  const free: { index: number; key: string }[] = [];
  names.forEach((name, index) => {
    const first = repeats.get(index);
    if (first !== undefined) issues.push({ path: `header.${index}`, message: `${column(index)} repeats column ${first + 1} (names are compared in any case)` });
    else if (index !== key && !nameColumns.includes(index)) {
      const issue = spec.free.keyIssue(name);
      if (issue) issues.push({ path: `header.${index}`, message: `${column(index)}: ${issue}` });
      else free.push({ index, key: name });
    }
  });
  if (free.length > spec.free.max) issues.push({ path: 'header', message: `At most ${spec.free.max} ${spec.free.title} columns (the file has ${free.length})` });
  if (issues.length > 0) return err(headerError(issues));
  return ok({ count: names.length, key, names: nameColumns.map((index) => (index === -1 ? undefined : index)), free });
}

function readRow<Key, Reason extends string>(record: CsvRecord, columns: Columns, spec: ContactColumnSpec<Key, Reason>): Result<ContactRow<Key>, ContactRowError<Reason>> {
  const { row } = record;
  const formed = wellFormedRow(record, columns.count);
  if (formed.isErr()) return err(formed.error);
  const fields = formed.value;
  const keyCell = fields[columns.key]!;
  if (keyCell.trim() === '') return err({ row, value: keyCell, reason: spec.key.missing });
  const key = spec.key.read(keyCell);
  if (key.isErr()) return err({ row, value: keyCell, reason: key.error });
  const names: (string | undefined)[] = [];
  for (const index of columns.names) {
    const name = index === undefined ? undefined : fields[index]!;
    if (name !== undefined && spec.nameIssue(name)) return err({ row, value: name, reason: 'invalid_name' });
    names.push(name);
  }
  const free: Record<string, string> = {};
  for (const { index, key: freeKey } of columns.free) {
    const value = fields[index]!;
    if (spec.free.valueIssue(value)) return err({ row, value, reason: spec.free.invalid });
    free[freeKey] = value;
  }
  return ok({ key: key.value, names, free });
}

/**
 * Reads a CSV file of contacts by the rules every contact import shares (docs/contacts.md, "CSV
 * import"; the text read by `readCsvTable`): blank lines skipped, a header row naming the key
 * column (else a validation error naming the header), at most `maxRows` data rows (else
 * `too_many_rows`). A row that cannot be stored is reported and left out; the others are kept,
 * one per contact (the last row of a contact wins, in the place of its first).
 */
export function readContactTable<Key, Reason extends string>(text: string, spec: ContactColumnSpec<Key, Reason>): Result<ContactTable<Key, Reason>, ValidationError | TooManyRowsError> {
  const table = readCsvTable(text, spec.maxRows);
  if (table.isErr()) return err(table.error);
  const { header, rows } = table.value;
  return columnsOf(header, spec).map((columns) => {
    const contacts = new Map<string, ContactRow<Key>>();
    const errors: ContactRowError<Reason>[] = [];
    let duplicates = 0;
    for (const record of rows) {
      const contact = readRow(record, columns, spec);
      if (contact.isErr()) {
        errors.push(contact.error);
        continue;
      }
      const identity = spec.key.identity(contact.value.key);
      if (contacts.has(identity)) duplicates++;
      contacts.set(identity, contact.value);
    }
    return { rows: [...contacts.values()], duplicates, errors };
  });
}
