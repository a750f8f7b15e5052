/**
 * The GSM 03.38 (3GPP TS 23.038, section 6.2.1) default alphabet and its default extension table.
 *
 * A character of the basic table costs one septet; a character of the extension table costs two
 * (the escape septet 0x1B followed by its code). National language shift tables are not used.
 */

/** Septet value of the escape to the extension table; it is not a character of its own. */
const ESCAPE = 0x1b;

/**
 * The basic table in septet order 0x00..0x7F. Position 0x1B is the escape (written here as
 * U+001B only to keep the positions aligned; it is skipped when the lookup is built).
 * Note 0x09 is the capital `Ç` as printed in TS 23.038, 0x24 is `¤` (not `$`, which is 0x02),
 * and the backtick is absent.
 */
export const GSM7_BASIC_TABLE =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ' +
  ' !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The default extension table: character -> septet following the escape. */
export const GSM7_EXTENSION_TABLE: ReadonlyMap<string, number> = new Map([
  ['\f', 0x0a],
  ['^', 0x14],
  ['{', 0x28],
  ['}', 0x29],
  ['\\', 0x2f],
  ['[', 0x3c],
  ['~', 0x3d],
  [']', 0x3e],
  ['|', 0x40],
  ['€', 0x65],
]);

/** The only GSM-7 character above U+03FF: the euro sign (extension table). */
const EURO_SIGN = 0x20ac;

/**
 * Septet cost by UTF-16 code unit for code units below this bound (it covers Latin-1 and the
 * Greek capitals up to Ω U+03A9); 0 means "not in the GSM-7 alphabet".
 */
const LOOKUP_SIZE = 0x3aa;

const SEPTET_COST: Uint8Array = buildSeptetCostLookup();

function buildSeptetCostLookup(): Uint8Array {
  const lookup = new Uint8Array(LOOKUP_SIZE);
  for (let septet = 0; septet < GSM7_BASIC_TABLE.length; septet++) {
    if (septet !== ESCAPE) lookup[GSM7_BASIC_TABLE.charCodeAt(septet)] = 1;
  }
  for (const character of GSM7_EXTENSION_TABLE.keys()) {
    const code = character.charCodeAt(0);
    if (code < LOOKUP_SIZE) lookup[code] = 2;
  }
  return lookup;
}

/**
 * Septets needed for one UTF-16 code unit: 1 (basic table), 2 (extension table) or 0 when the
 * code unit is not GSM-7 encodable (including every surrogate).
 */
export function gsm7SeptetCost(codeUnit: number): number {
  if (codeUnit < LOOKUP_SIZE) return SEPTET_COST[codeUnit] ?? 0;
  return codeUnit === EURO_SIGN ? 2 : 0;
}

/** True when every character of `text` is in the GSM-7 basic or extension table. */
export function isGsm7Encodable(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    if (gsm7SeptetCost(text.charCodeAt(index)) === 0) return false;
  }
  return true;
}
