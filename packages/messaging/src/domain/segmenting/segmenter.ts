/**
 * The SMS segmenter: which encoding a text needs, how many segments it is billed as, and the
 * parts a concatenated message is sent in. Rules: docs/segmenting.md.
 */
import { gsm7SeptetCost } from './gsm7-alphabet.ts';
import {
  CARRIAGE_RETURN,
  type ClusterSink,
  isSurrogatePair,
  LINE_FEED,
  scanGraphemeClusters,
  segmentGraphemeClusters,
} from './grapheme-clusters.ts';

/** `GSM7`: GSM 03.38 default alphabet, counted in septets. `UCS2`: counted in UTF-16 code units. */
export type SmsEncoding = 'GSM7' | 'UCS2';

export interface SegmentCapacity {
  /** Units a message that fits in one segment may hold. */
  readonly single: number;
  /** Units each part of a concatenated message holds (the rest carries the concatenation header). */
  readonly multipart: number;
}

export const SEGMENT_CAPACITY: Readonly<Record<SmsEncoding, SegmentCapacity>> = Object.freeze({
  GSM7: Object.freeze({ single: 160, multipart: 153 }),
  UCS2: Object.freeze({ single: 70, multipart: 67 }),
});

export const DEFAULT_MAX_SEGMENTS = 10;

/** The concatenation header numbers parts in one octet, so no message has more parts than this. */
export const MAX_CONCATENATED_SEGMENTS = 255;

export interface SegmentMessageOptions {
  /** Segment cap for `overSegmentCap`: an integer in 1..255, default 10. */
  readonly maxSegments?: number | undefined;
}

export interface SegmentedMessage {
  readonly encoding: SmsEncoding;
  /** Segments billed: the number of parts; 1 for the empty text. */
  readonly segments: number;
  /** User-perceived characters: extended grapheme clusters. */
  readonly characters: number;
  /** Septets (GSM7) or UTF-16 code units (UCS2) of the whole text. */
  readonly units: number;
  /** The parts, in order; they join back to the text. `['']` for the empty text. */
  readonly parts: readonly string[];
  readonly maxSegments: number;
  /** True when `segments > maxSegments`. */
  readonly overSegmentCap: boolean;
}

/**
 * Segments `text`. Throws a RangeError when `options.maxSegments` is not an integer in 1..255
 * (a configuration bug, not a user input).
 */
export function segmentMessage(text: string, options: SegmentMessageOptions = {}): SegmentedMessage {
  const maxSegments = resolveMaxSegments(options.maxSegments);
  let septets = 0;
  let crLfPairs = 0;
  for (let index = 0; index < text.length; index++) {
    const codeUnit = text.charCodeAt(index);
    const cost = gsm7SeptetCost(codeUnit);
    if (cost === 0) return segmentUcs2(text, maxSegments);
    septets += cost;
    if (codeUnit === CARRIAGE_RETURN && text.charCodeAt(index + 1) === LINE_FEED) crLfPairs++;
  }
  // Every GSM-7 character is its own grapheme cluster, except CR LF which is one.
  const parts = septets <= SEGMENT_CAPACITY.GSM7.single ? [text] : splitGsm7(text);
  return segmented('GSM7', parts, text.length - crLfPairs, septets, maxSegments);
}

function resolveMaxSegments(maxSegments: number | undefined): number {
  if (maxSegments === undefined) return DEFAULT_MAX_SEGMENTS;
  if (!Number.isInteger(maxSegments) || maxSegments < 1 || maxSegments > MAX_CONCATENATED_SEGMENTS) {
    throw new RangeError(`maxSegments must be an integer from 1 to ${MAX_CONCATENATED_SEGMENTS}, got ${maxSegments}`);
  }
  return maxSegments;
}

function segmented(
  encoding: SmsEncoding,
  parts: readonly string[],
  characters: number,
  units: number,
  maxSegments: number,
): SegmentedMessage {
  return {
    encoding,
    segments: parts.length,
    characters,
    units,
    parts,
    maxSegments,
    overSegmentCap: parts.length > maxSegments,
  };
}

/** Splits a GSM-7 text into 153-septet parts; an escape pair and CR LF stay whole. */
function splitGsm7(text: string): string[] {
  const packer = new PartPacker(text, SEGMENT_CAPACITY.GSM7.multipart);
  for (let index = 0; index < text.length; index++) {
    const codeUnit = text.charCodeAt(index);
    if (codeUnit === CARRIAGE_RETURN && text.charCodeAt(index + 1) === LINE_FEED) {
      packer.place(index, 2);
      index++;
    } else {
      packer.place(index, gsm7SeptetCost(codeUnit));
    }
  }
  return packer.finish();
}

function segmentUcs2(text: string, maxSegments: number): SegmentedMessage {
  const multipart = text.length > SEGMENT_CAPACITY.UCS2.single;
  let packer = multipart ? new PartPacker(text, SEGMENT_CAPACITY.UCS2.multipart) : undefined;
  let characters = scanGraphemeClusters(text, packer);
  if (characters < 0) {
    packer = multipart ? new PartPacker(text, SEGMENT_CAPACITY.UCS2.multipart) : undefined;
    characters = segmentGraphemeClusters(text, packer);
  }
  return segmented('UCS2', packer === undefined ? [text] : packer.finish(), characters, text.length, maxSegments);
}

/**
 * Greedy packing of unbreakable runs into parts of `capacity` units: a run that does not fit in
 * the current part starts the next one. Greedy is optimal here because runs keep their order.
 * As a `ClusterSink` it packs UCS-2 grapheme clusters (1 unit per UTF-16 code unit), and splits a
 * cluster longer than a whole part at code points, starting in the room left in the current part.
 */
class PartPacker implements ClusterSink {
  private readonly text: string;
  private readonly capacity: number;
  private readonly parts: string[] = [];
  private start = 0;
  private used = 0;

  constructor(text: string, capacity: number) {
    this.text = text;
    this.capacity = capacity;
  }

  /** Places the run starting at UTF-16 index `index` that costs `cost` units. */
  place(index: number, cost: number): void {
    if (this.used + cost > this.capacity && this.used > 0) {
      this.parts.push(this.text.slice(this.start, index));
      this.start = index;
      this.used = 0;
    }
    this.used += cost;
  }

  /** Places a grapheme cluster whole; one longer than a part, code point by code point. */
  cluster(start: number, end: number): void {
    if (end - start <= this.capacity) {
      this.place(start, end - start);
      return;
    }
    for (let index = start; index < end; index++) {
      const pairsWithNext = index + 1 < end && isSurrogatePair(this.text, index);
      this.place(index, pairsWithNext ? 2 : 1);
      if (pairsWithNext) index++;
    }
  }

  finish(): string[] {
    this.parts.push(this.text.slice(this.start));
    return this.parts;
  }
}
