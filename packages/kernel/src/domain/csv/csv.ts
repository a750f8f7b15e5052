/** One record of a CSV text. */
export interface CsvRecord {
  /** 1-based position among the records of the text; a line break inside quotes starts no record. */
  readonly row: number;
  readonly fields: readonly string[];
  /** The record as written, without its line break (empty for a blank line). */
  readonly raw: string;
  /** A quoted field ran to the end of the text without its closing quote. */
  readonly unterminatedQuote: boolean;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/** Index of the first comma or line break at or after `from`, or the text's length. */
function fieldEnd(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === COMMA || code === LF || code === CR) return index;
  }
  return text.length;
}

/**
 * Reads a CSV text as RFC 4180 describes it: comma-separated fields, records ended by CRLF, LF
 * (or a lone CR), fields in double quotes holding commas, line breaks and doubled quotes (`""`),
 * an optional line break after the last record. A leading byte order mark is dropped. Where the
 * RFC has no answer, it reads leniently: a quote inside an unquoted field is a character, text
 * after a closing quote is appended to the field, and a missing closing quote ends the field at
 * the end of the text (flagged on the record). A blank line is a record of one empty field.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (index < text.length) {
    const start = index;
    const fields: string[] = [];
    let unterminatedQuote = false;
    for (;;) {
      let field = '';
      if (text.charCodeAt(index) === QUOTE) {
        let from = index + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote === -1) {
            field += text.slice(from);
            index = text.length;
            unterminatedQuote = true;
            break;
          }
          field += text.slice(from, quote);
          if (text.charCodeAt(quote + 1) !== QUOTE) {
            index = quote + 1;
            break;
          }
          field += '"';
          from = quote + 2;
        }
      }
      const end = fieldEnd(text, index);
      field += text.slice(index, end);
      index = end;
      fields.push(field);
      if (text.charCodeAt(index) !== COMMA) break;
      index++;
    }
    const raw = text.slice(start, index);
    const lineBreak = text.charCodeAt(index);
    if (lineBreak === CR) index += text.charCodeAt(index + 1) === LF ? 2 : 1;
    else if (lineBreak === LF) index++;
    records.push({ row: records.length + 1, fields, raw, unterminatedQuote });
  }
  return records;
}
