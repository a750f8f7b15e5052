/**
 * Grapheme clusters (Unicode UAX #29 extended grapheme clusters) as the segmenter needs them.
 *
 * `Intl.Segmenter` is the authority, but it allocates an object per cluster. Most texts contain
 * no code point that can join a neighbour, and then every code point is its own cluster except
 * CR LF (rule GB3). `mayFormMultiCodePointClusters` finds the texts that need the segmenter.
 */

export const CARRIAGE_RETURN = 0x0d;
export const LINE_FEED = 0x0a;

/**
 * Matches any code point that could take part in a multi-code-point cluster (other than CR LF),
 * conservatively:
 * - anything outside letters, numbers, punctuation, symbols, separators and Cc controls: marks
 *   (Extend, SpacingMark, Indic linkers), ZWJ/ZWNJ, format characters (some are Prepend),
 *   lone surrogates, private use and unassigned code points;
 * - Grapheme_Extend letters (halfwidth katakana sound marks), emoji modifiers, regional
 *   indicators, Hangul (L, V, T, LV, LVT syllables), and the Prepend/SpacingMark letters of the
 *   BMP (U+0D4E, U+0E33, U+0EB3);
 * - every supplementary code point outside the symbol/emoji planes U+1F000..U+1FAFF and the CJK
 *   ideographs of planes 2-3, so that Prepend letters of historic scripts (and those a later
 *   Unicode version adds) always take the exact path.
 * A false positive only costs speed; a text with no match has one cluster per code point.
 */
const MAY_JOIN_A_NEIGHBOUR =
  /[^\p{L}\p{N}\p{P}\p{S}\p{Zs}\p{Zl}\p{Zp}\p{Cc}]|[\p{Grapheme_Extend}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Script=Hangul}\u0D4E\u0E33\u0EB3\u{10000}-\u{1EFFF}\u{1FB00}-\u{1FFFF}\u{40000}-\u{10FFFF}]/u;

/** False only when every code point of `text` is its own grapheme cluster, CR LF excepted. */
export function mayFormMultiCodePointClusters(text: string): boolean {
  return MAY_JOIN_A_NEIGHBOUR.test(text);
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The extended grapheme clusters of `text`, each with its UTF-16 start index. */
export function graphemeClusters(text: string): Iterable<Intl.SegmentData> {
  return graphemeSegmenter.segment(text);
}

export function isHighSurrogate(codeUnit: number): boolean {
  return codeUnit >= 0xd800 && codeUnit <= 0xdbff;
}

export function isLowSurrogate(codeUnit: number): boolean {
  return codeUnit >= 0xdc00 && codeUnit <= 0xdfff;
}
