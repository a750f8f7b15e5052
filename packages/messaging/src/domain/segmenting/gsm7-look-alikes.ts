/**
 * Characters outside GSM-7 that have a GSM-7 look-alike, and what replaces them: the table of
 * smart encoding (docs/segmenting.md, "Smart encoding"). Built once per process.
 *
 * - Typographic punctuation, the set Twilio's Smart Encoding publishes: curly and angle quotes,
 *   primes and modifier apostrophes, dashes and minus signs, the ellipsis (three full stops),
 *   fullwidth punctuation, the non-breaking and other Unicode spaces (a space), the zero-width
 *   space, word joiner, soft hyphen and byte order mark (removed), the tab (a space).
 * - `ç`: GSM 03.38 has only the capital `Ç` at 0x09 (earlier phases displayed it as `ç`).
 * - Latin letters with a diacritic not in the alphabet (U+00C0..U+017F: `á â ã ê ë í î ï ó ô õ ú û
 *   ý ÿ ā ă ą ć č ď ē ė ę ě ğ ī ń ň ő ř ś ş š ţ ť ū ů ű ź ż ž` ...): the letter without it, the
 *   canonical decomposition (NFD) minus its combining marks. Letters the alphabet has (`é è à ñ ü`
 *   ...) are GSM-7 already and never replaced.
 */
import { gsm7SeptetCost } from './gsm7-alphabet.ts';

const PUNCTUATION: readonly (readonly [replacement: string, codePoints: readonly number[]])[] = [
  ['"', [0x00ab, 0x00bb, 0x02ba, 0x02ee, 0x201c, 0x201d, 0x201e, 0x201f, 0x275d, 0x275e, 0x2e42, 0x301d, 0x301e, 0x301f, 0xff02]],
  ["'", [0x0060, 0x00b4, 0x02b9, 0x02bb, 0x02bc, 0x02bd, 0x02be, 0x02c8, 0x02ca, 0x02cb, 0x2018, 0x2019, 0x201b, 0x2032, 0x2035, 0x275b, 0x275c, 0xff07]],
  [',', [0x00b8, 0x201a, 0x3001, 0xff0c]],
  ['-', [0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2043, 0x2212, 0xfe58, 0xfe63, 0xff0d]],
  [':', [0x02d0, 0x0589, 0x05c3, 0x2236, 0xa789, 0xfe13, 0xff1a]],
  [';', [0x037e, 0xff1b]],
  ['.', [0x2024, 0x3002, 0xff0e]],
  ['...', [0x2026]],
  ['!', [0x01c3, 0xff01]],
  ['?', [0xff1f]],
  ['/', [0x2044, 0x2215, 0xff0f]],
  ['<', [0x02c2, 0x2039, 0x2329, 0x27e8, 0x3008, 0xff1c]],
  ['>', [0x02c3, 0x203a, 0x232a, 0x27e9, 0x3009, 0xff1e]],
  ['^', [0x02c4, 0x02c6]],
  ['~', [0x02dc, 0xff5e]],
  ['*', [0x2217, 0xff0a]],
  ['+', [0xff0b]],
  ['=', [0xff1d]],
  ['(', [0xff08]],
  [')', [0xff09]],
  ['[', [0xff3b]],
  [']', [0xff3d]],
  ['{', [0xff5b]],
  ['}', [0xff5d]],
  ['|', [0xff5c]],
  [' ', [0x0009, 0x00a0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x202f, 0x205f, 0x3000]],
  ['', [0x00ad, 0x200b, 0x2060, 0xfeff]],
  ['Ç', [0x00e7]],
];

/** Code point -> its GSM-7 replacement (possibly empty: removed). */
export const GSM7_LOOK_ALIKES: ReadonlyMap<number, string> = buildLookAlikes();

function buildLookAlikes(): Map<number, string> {
  const table = new Map<number, string>();
  for (const [replacement, codePoints] of PUNCTUATION) for (const codePoint of codePoints) table.set(codePoint, replacement);
  for (let codePoint = 0x00c0; codePoint <= 0x017f; codePoint++) {
    const character = String.fromCodePoint(codePoint);
    if (isGsm7(character) || table.has(codePoint)) continue;
    const base = character.normalize('NFD').replace(/\p{M}/gu, '');
    if (base !== character && /^[A-Za-z]+$/.test(base)) table.set(codePoint, base);
  }
  for (const [codePoint, replacement] of table) {
    if (!isGsm7(replacement)) throw new Error(`Look-alike of U+${codePoint.toString(16)} is not GSM-7`);
  }
  return table;
}

function isGsm7(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (gsm7SeptetCost(text.charCodeAt(index)) === 0) return false;
  return true;
}
