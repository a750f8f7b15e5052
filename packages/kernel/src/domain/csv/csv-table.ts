import type { DomainError } from '../domain-error.ts';
import { err, ok, type Result } from '../../result.ts';
import { parseCsv, type CsvRecord } from './csv.ts';

/** A CSV file with more data rows than one import takes. */
export interface TooManyRowsError extends DomainError {
  readonly type: 'too_many_rows';
  /** The most data rows one import takes. */
  readonly limit: number;
}

export const tooManyRows = (rows: number, limit: number): TooManyRowsError => ({
  type: 'too_many_rows',
  limit,
  message: `The file has ${rows} data rows; one import takes at most ${limit}`,
});

/** A data row left out of an import, with why (`column_count`, `unterminated_quote`, or the importer's own reasons). */
export interface CsvRowError<Reason extends string = string> {
  /** As in the file: the header is row 1 (a quoted line break starts no row; blank lines count). */
  readonly row: number;
  /** The offending cell as written; the whole row for `column_count` and `unterminated_quote`. */
  readonly value: string;
  readonly reason: Reason;
}

/** The header and the data rows of a CSV file, blank lines skipped. */
export interface CsvTable {
  /** Undefined for a file with no line that is not blank. */
  readonly header: CsvRecord | undefined;
  readonly rows: readonly CsvRecord[];
}

/**
 * The rules every CSV import of the project shares (docs/contacts.md, "CSV import"): the text read
 * as RFC 4180 (`parseCsv`), blank lines skipped, the first line the header, at most `maxRows` data
 * rows (`too_many_rows` beyond, before anything else is read).
 */
export function readCsvTable(text: string, maxRows: number): Result<CsvTable, TooManyRowsError> {
  const [header, ...rows] = parseCsv(text).filter((record) => record.raw !== '');
  if (rows.length > maxRows) return err(tooManyRows(rows.length, maxRows));
  return ok({ header, rows });
}

/** The fields of a data row that has as many as the header and no unterminated quote; else the row's error (the whole row as its value). */
export function wellFormedRow(record: CsvRecord, columnCount: number): Result<readonly string[], CsvRowError<'column_count' | 'unterminated_quote'>> {
  if (record.unterminatedQuote) return err({ row: record.row, value: record.raw, reason: 'unterminated_quote' });
  if (record.fields.length !== columnCount) return err({ row: record.row, value: record.raw, reason: 'column_count' });
  return ok(record.fields);
}

/**
 * The leftmost column whose trimmed name (any case) is in `names`; -1 when none. Header names are
 * compared in any case throughout an import, so two columns differing only in case are one name.
 */
export const columnNamed = (lowerNames: readonly string[], names: readonly string[]): number => lowerNames.findIndex((name) => names.includes(name));

/** Positions of columns whose names (lower-cased) repeat an earlier column's: each with the column it repeats. */
export function repeatedColumns(lowerNames: readonly string[]): { readonly index: number; readonly first: number }[] {
  return lowerNames.flatMap((name, index) => {
    const first = lowerNames.indexOf(name);
    return first === index ? [] : [{ index, first }];
  });
}
