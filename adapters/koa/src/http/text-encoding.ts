import { TextDecoder } from 'node:util';
import { HttpError } from './http-error.ts';

/** How a text body was read, for answers that want to say so (a CSV import). */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | string;

const BOMS: readonly [readonly number[], TextEncoding][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/**
 * Reads a text upload (a CSV) in the encoding it is in: the `charset` its Content-Type names, else
 * the one its byte-order mark names, else UTF-8 when the bytes are valid UTF-8, else Windows-1252
 * (what spreadsheet programs on Windows export as "CSV": Latin-1's letters and more). Accented
 * letters are thus never turned into U+FFFD without a word.
 */
export function decodeText(bytes: Buffer, charset: string | undefined): { text: string; encoding: TextEncoding } {
  if (charset) {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(charset, { fatal: true });
    } catch {
      throw new HttpError(415, 'unsupported_media_type', `Unknown charset: ${charset.slice(0, 40)}`);
    }
    try {
      return { text: decoder.decode(bytes), encoding: decoder.encoding };
    } catch {
      throw new HttpError(400, 'invalid_encoding', `The body is not valid ${decoder.encoding}, as its Content-Type says`);
    }
  }
  for (const [bom, encoding] of BOMS) {
    if (bom.every((byte, i) => bytes[i] === byte)) return { text: new TextDecoder(encoding).decode(bytes.subarray(bom.length)), encoding };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
