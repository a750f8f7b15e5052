/**
 * Extended grapheme clusters (Unicode UAX #29) as the segmenter needs them: their start and end
 * UTF-16 indexes, in order, and how many there are.
 *
 * `Intl.Segmenter` is the authority, but it allocates an object per cluster. `scanGraphemeClusters`
 * applies the rules that SMS text actually meets (CR LF, controls, combining marks of the
 * Inherited script, ZWJ emoji sequences, emoji modifiers, regional-indicator flags, tag
 * sequences) over a per-code-point class table, and gives up on any code point whose rules it
 * does not implement (Hangul, Prepend, SpacingMark, script-specific marks such as Indic viramas,
 * format characters, lone surrogates, unassigned code points, most supplementary planes); the
 * caller then uses `segmentGraphemeClusters`, which asks `Intl.Segmenter`.
 */

export const CARRIAGE_RETURN = 0x0d;
export const LINE_FEED = 0x0a;

/** Receives each cluster as the UTF-16 index range [start, end). */
export interface ClusterSink {
  cluster(start: number, end: number): void;
}

// Grapheme_Cluster_Break classes the scanner implements; COMPLEX is everything else.
const OTHER = 0;
const CONTROL = 1;
const CR = 2;
const LF = 3;
const EXTEND = 4;
const ZWJ = 5;
const REGIONAL_INDICATOR = 6;
const EXTENDED_PICTOGRAPHIC = 7;
const COMPLEX = 8;

// Where the scanner stands in an `ExtPict Extend* ZWJ × ExtPict` sequence (rule GB11).
const NO_EMOJI = 0;
const IN_EMOJI = 1;
const EMOJI_THEN_ZWJ = 2;

const IS_REGIONAL_INDICATOR = /^\p{Regional_Indicator}$/u;
const IS_EXTENDED_PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
/** Emoji modifiers and the combining marks of the Inherited script (never an Indic linker). */
const IS_SIMPLE_EXTEND = /^(?:\p{Emoji_Modifier}|(?=\p{Grapheme_Extend})\p{Script=Inherited})$/u;
const IS_CONTROL = /^[\p{Cc}\p{Zl}\p{Zp}]$/u;
/** Letters, numbers, punctuation, symbols and spaces, less Hangul and the marks among them. */
const IS_OTHER = /^(?![\p{Grapheme_Extend}\p{Script=Hangul}])[\p{L}\p{N}\p{P}\p{S}\p{Zs}]$/u;
/** Prepend and SpacingMark letters of the BMP, which IS_OTHER would accept. */
const PREPEND_OR_SPACING_LETTERS: ReadonlySet<number> = new Set([0x0d4e, 0x0e33, 0x0eb3]);

const ZERO_WIDTH_JOINER = 0x200d;

function classify(codePoint: number): number {
  if (codePoint === CARRIAGE_RETURN) return CR;
  if (codePoint === LINE_FEED) return LF;
  if (codePoint === ZERO_WIDTH_JOINER) return ZWJ;
  // Outside the emoji blocks, supplementary planes hold historic scripts with Prepend letters.
  if (codePoint >= 0x10000 && (codePoint < 0x1f000 || codePoint >= 0x1fb00)) return COMPLEX;
  const character = String.fromCodePoint(codePoint);
  if (IS_REGIONAL_INDICATOR.test(character)) return REGIONAL_INDICATOR;
  if (IS_EXTENDED_PICTOGRAPHIC.test(character)) return EXTENDED_PICTOGRAPHIC;
  if (IS_SIMPLE_EXTEND.test(character)) return EXTEND;
  if (IS_CONTROL.test(character)) return CONTROL;
  if (IS_OTHER.test(character) && !PREPEND_OR_SPACING_LETTERS.has(codePoint)) return OTHER;
  return COMPLEX;
}

/** Classes of U+0000..U+1FFFF, filled 256 code points at a time on first use. */
const TABLE_SIZE = 0x20000;
const BLOCK_BITS = 8;
const classes = new Uint8Array(TABLE_SIZE);
const classifiedBlocks = new Uint8Array(TABLE_SIZE >>> BLOCK_BITS);

function classOf(codePoint: number): number {
  if (codePoint < TABLE_SIZE) {
    const block = codePoint >>> BLOCK_BITS;
    if (classifiedBlocks[block] === 0) {
      const first = block << BLOCK_BITS;
      for (let each = first; each < first + (1 << BLOCK_BITS); each++) classes[each] = classify(each);
      classifiedBlocks[block] = 1;
    }
    return classes[codePoint] ?? COMPLEX;
  }
  if (codePoint < 0x40000) return OTHER; // CJK ideographs (planes 2 and 3)
  if ((codePoint >= 0xe0020 && codePoint <= 0xe007f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef)) {
    return EXTEND; // emoji tag characters, variation selectors supplement
  }
  return COMPLEX;
}

/** Whether there is a cluster boundary between a code point of class `previous` and one of `current`. */
function isBoundary(previous: number, current: number, regionalIndicatorRun: number, emoji: number): boolean {
  if (previous === CR) return current !== LF; // GB3, GB4
  if (previous === LF || previous === CONTROL) return true; // GB4
  if (current === CONTROL || current === CR || current === LF) return true; // GB5
  if (current === EXTEND || current === ZWJ) return false; // GB9
  if (current === EXTENDED_PICTOGRAPHIC) return emoji !== EMOJI_THEN_ZWJ; // GB11
  if (current === REGIONAL_INDICATOR) return regionalIndicatorRun % 2 === 0; // GB12, GB13
  return true; // GB999
}

/**
 * Counts the clusters of `text` and hands each to `sink`, without `Intl.Segmenter`. Returns -1
 * when the text holds a code point the scanner does not handle: the sink may then have received
 * some clusters already and must be discarded.
 */
export function scanGraphemeClusters(text: string, sink?: ClusterSink): number {
  const length = text.length;
  let clusters = 0;
  let clusterStart = 0;
  let previous = CONTROL; // start of text: a boundary before the first code point (GB1)
  let regionalIndicatorRun = 0;
  let emoji = NO_EMOJI;
  for (let index = 0; index < length; ) {
    let codePoint = text.charCodeAt(index);
    let width = 1;
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && index + 1 < length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codePoint = ((codePoint - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    const current = classOf(codePoint);
    if (current === COMPLEX) return -1;
    if (isBoundary(previous, current, regionalIndicatorRun, emoji)) {
      if (index > 0) sink?.cluster(clusterStart, index);
      clusters++;
      clusterStart = index;
    }
    regionalIndicatorRun = current === REGIONAL_INDICATOR ? regionalIndicatorRun + 1 : 0;
    if (current === EXTENDED_PICTOGRAPHIC) emoji = IN_EMOJI;
    else if (current === ZWJ && emoji === IN_EMOJI) emoji = EMOJI_THEN_ZWJ;
    else if (current !== EXTEND || emoji !== IN_EMOJI) emoji = NO_EMOJI;
    previous = current;
    index += width;
  }
  if (length > 0) sink?.cluster(clusterStart, length);
  return clusters;
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Counts the clusters of `text` and hands each to `sink`, as `Intl.Segmenter` finds them. */
export function segmentGraphemeClusters(text: string, sink?: ClusterSink): number {
  let clusters = 0;
  if (sink === undefined) {
    for (const _cluster of graphemeSegmenter.segment(text)) clusters++;
    return clusters;
  }
  for (const { segment, index } of graphemeSegmenter.segment(text)) {
    sink.cluster(index, index + segment.length);
    clusters++;
  }
  return clusters;
}

/** Whether `text[index]` is a high surrogate followed by a low one. */
export function isSurrogatePair(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}
