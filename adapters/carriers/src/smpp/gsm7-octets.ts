/**
 * GSM 03.38 text as SMPP sends it with data_coding 0: one septet per octet (unpacked), extension
 * characters as the escape 0x1B and their code. The SMSC packs septets for the air interface.
 */
import { GSM7_BASIC_TABLE, GSM7_EXTENSION_TABLE } from '@tuma/messaging';

const ESCAPE = 0x1b;

const BASIC_SEPTETS: ReadonlyMap<string, number> = new Map(
  Array.from(GSM7_BASIC_TABLE, (character, septet) => [character, septet] as const).filter(([, septet]) => septet !== ESCAPE),
);

/** Throws a RangeError for a character outside the GSM-7 tables: the caller said GSM7 for a UCS-2 text. */
export function encodeGsm7Unpacked(text: string): Buffer {
  const octets: number[] = [];
  for (const character of text) {
    const basic = BASIC_SEPTETS.get(character);
    if (basic !== undefined) {
      octets.push(basic);
      continue;
    }
    const extension = GSM7_EXTENSION_TABLE.get(character);
    if (extension === undefined) throw new RangeError(`Not a GSM-7 character: U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    octets.push(ESCAPE, extension);
  }
  return Buffer.from(octets);
}

/**
 * Undoes the `smpp` package's reading of a data_coding 0/1 text as GSM 03.38: gives back the text
 * of the octets as ASCII. Receipts are ASCII text (`id:... stat:...`), which that reading turns
 * into GSM characters (`_` becomes `§`, `@` becomes `¡`).
 */
export function asciiFromGsm7Decoded(decoded: string): string {
  let ascii = '';
  for (const character of decoded) {
    const septet = BASIC_SEPTETS.get(character);
    ascii += septet === undefined ? character : String.fromCharCode(septet);
  }
  return ascii;
}
