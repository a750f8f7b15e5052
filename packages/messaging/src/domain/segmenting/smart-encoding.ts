/**
 * Smart encoding and the explanation of a UCS-2 price (docs/segmenting.md, "Smart encoding" and
 * "Why a text is UCS-2").
 */
import { gsm7SeptetCost } from './gsm7-alphabet.ts';
import { GSM7_LOOK_ALIKES } from './gsm7-look-alikes.ts';
import { segmentMessage, type SegmentedMessage } from './segmenter.ts';

export interface SmartEncoded {
  /** The text to send: `original` itself when nothing was replaced. */
  readonly text: string;
  readonly original: string;
  readonly changed: boolean;
}

const FIRST_NON_GSM7 = -1;

/** Index of the first UTF-16 code unit outside GSM-7, or -1 when the whole text is GSM-7. */
function firstNonGsm7(text: string): number {
  for (let index = 0; index < text.length; index++) if (gsm7SeptetCost(text.charCodeAt(index)) === 0) return index;
  return FIRST_NON_GSM7;
}

/**
 * Replaces the look-alikes of `text` (`GSM7_LOOK_ALIKES`) when that makes the whole text GSM-7
 * without raising its segment count; otherwise the text is sent as given (a text that stays UCS-2
 * is not altered for nothing, and `…` -> `...` could lengthen a text into another segment). A
 * GSM-7 text is returned as is, after one scan and no allocation.
 */
export function smartEncode(text: string, maxSegments?: number): SmartEncoded {
  const first = firstNonGsm7(text);
  if (first === FIRST_NON_GSM7) return { text, original: text, changed: false };
  let replaced = text.slice(0, first);
  for (const character of text.slice(first)) {
    const codePoint = character.codePointAt(0)!;
    if (character.length === 1 && gsm7SeptetCost(codePoint) > 0) {
      replaced += character;
      continue;
    }
    const lookAlike = GSM7_LOOK_ALIKES.get(codePoint);
    if (lookAlike === undefined) return { text, original: text, changed: false };
    replaced += lookAlike;
  }
  const options = { maxSegments };
  if (segmentMessage(replaced, options).segments > segmentMessage(text, options).segments) return { text, original: text, changed: false };
  return { text: replaced, original: text, changed: true };
}

/** A character that makes a text UCS-2. */
export interface Ucs2Character {
  /** 0-based position in code points (Unicode scalar values), not UTF-16 units. */
  readonly position: number;
  readonly character: string;
  readonly codePoint: number;
  /** Its GSM-7 look-alike (smart encoding's), `''` when it is removed, null when it has none. */
  readonly replacement: string | null;
}

/** At most this many characters are listed; `count` is always the exact number. */
export const MAX_EXPLAINED_CHARACTERS = 100;

export interface EncodingExplanation {
  /** The first `MAX_EXPLAINED_CHARACTERS` characters outside GSM-7, in order. */
  readonly characters: readonly Ucs2Character[];
  readonly count: number;
  /** The text with each of them replaced by its look-alike, or removed when it has none: GSM-7. */
  readonly gsm7Text: string;
  readonly gsm7: SegmentedMessage;
}

/** Why `text` is UCS-2 and what it would be in GSM-7; null when it is GSM-7 already. */
export function explainEncoding(text: string, maxSegments?: number): EncodingExplanation | null {
  if (firstNonGsm7(text) === FIRST_NON_GSM7) return null;
  const characters: Ucs2Character[] = [];
  let count = 0;
  let gsm7Text = '';
  let position = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (character.length === 1 && gsm7SeptetCost(codePoint) > 0) {
      gsm7Text += character;
    } else {
      const replacement = GSM7_LOOK_ALIKES.get(codePoint) ?? null;
      gsm7Text += replacement ?? '';
      if (count < MAX_EXPLAINED_CHARACTERS) characters.push({ position, character, codePoint, replacement });
      count++;
    }
    position++;
  }
  return { characters, count, gsm7Text, gsm7: segmentMessage(gsm7Text, { maxSegments }) };
}

/** `U+2019`: how code points are written in answers. */
export const codePointLabel = (codePoint: number): string => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
