import { expect } from 'chai';
import fc from 'fast-check';
import { parseCsv } from '../src/index.ts';

// ---- A CSV writer (RFC 4180), so every parse is checked against text of known content ----

interface WriteOptions {
  readonly lineBreak: '\r\n' | '\n' | '\r';
  readonly finalLineBreak: boolean;
  readonly byteOrderMark: boolean;
  /** Quote every field, or only those that need it. */
  readonly quoteAll: boolean;
}

/** Quotes are needed for separators, quotes and line breaks, a leading BOM, and the lone empty field of a row (else a blank line). */
const needsQuotes = (field: string, row: readonly string[]): boolean => /[",\r\n]/.test(field) || field.startsWith('\uFEFF') || (row.length === 1 && field === '');
const quoted = (field: string): string => `"${field.replaceAll('"', '""')}"`;
const writeRow = (row: readonly string[], quoteAll: boolean): string => row.map((field) => (quoteAll || needsQuotes(field, row) ? quoted(field) : field)).join(',');

function writeCsv(rows: readonly (readonly string[])[], options: WriteOptions): string {
  const body = rows.map((row) => writeRow(row, options.quoteAll)).join(options.lineBreak);
  return `${options.byteOrderMark ? '\uFEFF' : ''}${body}${options.finalLineBreak && rows.length > 0 ? options.lineBreak : ''}`;
}

// ---- Builders ----

/** Fields made of what CSV treats specially, mixed with any other character (astral, controls, lone surrogates). */
const fieldArb = fc.string({
  unit: fc.oneof(fc.constantFrom(',', '"', '\r', '\n', ' ', '\t', '\uFEFF', 'a', '+', '7', 'é', '😀'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  maxLength: 8,
});
const rowsArb = fc.array(fc.array(fieldArb, { minLength: 1, maxLength: 5 }), { maxLength: 15 });
const optionsArb: fc.Arbitrary<WriteOptions> = fc.record({
  lineBreak: fc.constantFrom('\r\n' as const, '\n' as const, '\r' as const),
  finalLineBreak: fc.boolean(),
  byteOrderMark: fc.boolean(),
  quoteAll: fc.boolean(),
});
/** Any text built from CSV's special characters and a few others. */
const textArb = fc.string({ unit: fc.constantFrom(',', '"', '\r', '\n', 'a', ' ', '\uFEFF'), maxLength: 40 });

describe('parseCsv', () => {
  describe('properties', () => {
    it('reads back exactly the rows a writer wrote, whatever the line breaks, quoting and byte order mark', () => {
      fc.assert(
        fc.property(rowsArb, optionsArb, (rows, options) => {
          const records = parseCsv(writeCsv(rows, options));
          expect(records.map((record) => record.fields)).to.deep.equal(rows);
          expect(records.map((record) => record.row)).to.deep.equal(rows.map((_, index) => index + 1));
          expect(records.some((record) => record.unterminatedQuote)).to.equal(false);
        }),
      );
    });

    it('gives each record as it was written, without its line break', () => {
      fc.assert(
        fc.property(rowsArb, optionsArb, (rows, options) => {
          expect(parseCsv(writeCsv(rows, options)).map((record) => record.raw)).to.deep.equal(rows.map((row) => writeRow(row, options.quoteAll)));
        }),
      );
    });

    it('reads any text, and writing what it read gives text that reads the same (a canonical form)', () => {
      fc.assert(
        fc.property(textArb, (text) => {
          const records = parseCsv(text);
          for (const record of records) expect(record.fields.length).to.be.greaterThan(0);
          fc.pre(!records.some((record) => record.unterminatedQuote));
          const fields = records.map((record) => record.fields);
          const canonical = writeCsv(fields, { lineBreak: '\n', finalLineBreak: false, byteOrderMark: false, quoteAll: false });
          expect(parseCsv(canonical).map((record) => record.fields)).to.deep.equal(fields);
        }),
      );
    });
  });

  describe('examples', () => {
    const fields = (text: string) => parseCsv(text).map((record) => record.fields);

    it('reads quoted fields with separators, doubled quotes and line breaks', () => {
      expect(fields('phone,name\r\n"+254 712","Okafor, ""Chidi""\r\nJr."\r\n')).to.deep.equal([
        ['phone', 'name'],
        ['+254 712', 'Okafor, "Chidi"\r\nJr.'],
      ]);
    });

    it('drops a leading byte order mark only', () => {
      expect(fields('\uFEFFa,b\n\uFEFFc')).to.deep.equal([['a', 'b'], ['\uFEFFc']]);
      expect(parseCsv('\uFEFF')).to.deep.equal([]);
      expect(parseCsv('')).to.deep.equal([]);
    });

    it('counts a blank line as a record of one empty field, and a quoted line break as no record', () => {
      const records = parseCsv('a\n\n"x\ny"\nb');
      expect(records.map((record) => [record.row, record.raw, record.fields])).to.deep.equal([
        [1, 'a', ['a']],
        [2, '', ['']],
        [3, '"x\ny"', ['x\ny']],
        [4, 'b', ['b']],
      ]);
    });

    it('keeps empty fields at either end of a record', () => {
      expect(fields(',a,\n,')).to.deep.equal([['', 'a', ''], ['', '']]);
    });

    it('reads leniently where RFC 4180 has no answer, and flags a quote left open', () => {
      expect(fields('5" screen,x')).to.deep.equal([['5" screen', 'x']]);
      expect(fields('"ab"cd,e')).to.deep.equal([['abcd', 'e']]);
      const open = parseCsv('a,"b\nc,d');
      expect(open.map((record) => [record.fields, record.unterminatedQuote])).to.deep.equal([[['a', 'b\nc,d'], true]]);
    });
  });
});
