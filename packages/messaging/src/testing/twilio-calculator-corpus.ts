/**
 * Texts with the encoding, segments and units Twilio's segment calculator gives them (GSM-7 parts
 * of 153 septets, UCS-2 parts of 67 units, emoji = 2 units, extension characters = 2 septets,
 * grapheme clusters kept whole, the empty body = 1 segment), and, for UCS-2 texts, the characters
 * that force UCS-2 (code points, in order, worked out by hand) and the GSM-7 segments of the text
 * with them replaced by their look-alikes or removed. Shared by the segmenter's and the quotes' tests.
 */
export interface CalculatorCase {
  readonly text: string;
  readonly encoding: 'GSM7' | 'UCS2';
  readonly segments: number;
  readonly units: number;
  /** UCS-2 texts: `[position in code points, code point]` of each character outside GSM-7. */
  readonly ucs2Characters?: readonly (readonly [position: number, codePoint: number])[];
  /** UCS-2 texts: segments of the text once those characters are replaced or removed. */
  readonly gsm7Segments?: number;
}

const ascii = (count: number): string => 'a'.repeat(count);
const run = (start: number, count: number, codePoints: readonly number[]): [number, number][] =>
  Array.from({ length: count }, (_, index) => codePoints.map((codePoint, offset): [number, number] => [start + index * codePoints.length + offset, codePoint])).flat();

const FAMILY = [0x1f468, 0x200d, 0x1f469, 0x200d, 0x1f467, 0x200d, 0x1f466];

export const TWILIO_CALCULATOR_CORPUS: readonly CalculatorCase[] = [
  { text: '', encoding: 'GSM7', segments: 1, units: 0 },
  { text: 'Hello world', encoding: 'GSM7', segments: 1, units: 11 },
  { text: 'Hello 👋', encoding: 'UCS2', segments: 1, units: 8, ucs2Characters: [[6, 0x1f44b]], gsm7Segments: 1 },
  { text: ascii(153 * 3), encoding: 'GSM7', segments: 3, units: 459 },
  { text: `${ascii(100)}😀`, encoding: 'UCS2', segments: 2, units: 102, ucs2Characters: [[100, 0x1f600]], gsm7Segments: 1 },
  { text: '{}'.repeat(80), encoding: 'GSM7', segments: 3, units: 320 },
  { text: '😀'.repeat(67), encoding: 'UCS2', segments: 3, units: 134, ucs2Characters: run(0, 67, [0x1f600]), gsm7Segments: 1 },
  { text: '👨‍👩‍👧‍👦'.repeat(7), encoding: 'UCS2', segments: 2, units: 77, ucs2Characters: run(0, 7, FAMILY), gsm7Segments: 1 },
  { text: `${ascii(150)}\r\n${ascii(10)}`, encoding: 'GSM7', segments: 2, units: 162 },
  // The billing complaint: one curly quote or dash pasted from a word processor.
  { text: 'It’s “great”', encoding: 'UCS2', segments: 1, units: 12, ucs2Characters: [[2, 0x2019], [5, 0x201c], [11, 0x201d]], gsm7Segments: 1 },
  { text: `${ascii(150)}’`, encoding: 'UCS2', segments: 3, units: 151, ucs2Characters: [[150, 0x2019]], gsm7Segments: 1 },
  { text: `Karibu\u00a0sana – ${ascii(140)}`, encoding: 'UCS2', segments: 3, units: 154, ucs2Characters: [[6, 0x00a0], [12, 0x2013]], gsm7Segments: 1 },
  { text: `${ascii(69)}…`, encoding: 'UCS2', segments: 1, units: 70, ucs2Characters: [[69, 0x2026]], gsm7Segments: 1 },
  { text: 'Ça va, ça va bien', encoding: 'UCS2', segments: 1, units: 17, ucs2Characters: [[7, 0x00e7]], gsm7Segments: 1 },
  { text: 'Olá, você está aí?', encoding: 'UCS2', segments: 1, units: 18, ucs2Characters: [[2, 0x00e1], [8, 0x00ea], [13, 0x00e1], [16, 0x00ed]], gsm7Segments: 1 },
];
