import { expect } from 'chai';
import fc from 'fast-check';
import { GSM7_BASIC_TABLE, GSM7_EXTENSION_TABLE } from '../src/domain/segmenting/gsm7-alphabet.ts';
import { SEGMENT_CAPACITY, segmentMessage, type SegmentedMessage, type SmsEncoding } from '../src/segmenting.ts';

// ---- Oracles (the tables themselves are checked code unit by code unit in segmenting.test.ts) ----

const ESCAPE_SEPTET = 0x1b;
const BASIC_CHARACTERS = Array.from(GSM7_BASIC_TABLE).filter((_, septet) => septet !== ESCAPE_SEPTET);
const EXTENSION_CHARACTERS = [...GSM7_EXTENSION_TABLE.keys()];
const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

const isGsmCharacter = (character: string): boolean =>
  BASIC_CHARACTERS.includes(character) || GSM7_EXTENSION_TABLE.has(character);

/** The text as GSM-7 septets, an extension character as ESC + its code; undefined if not encodable. */
function gsm7Septets(text: string): number[] | undefined {
  const septets: number[] = [];
  for (const character of text) {
    const extension = GSM7_EXTENSION_TABLE.get(character);
    const basic = GSM7_BASIC_TABLE.indexOf(character);
    if (extension !== undefined) septets.push(ESCAPE_SEPTET, extension);
    else if (basic >= 0 && basic !== ESCAPE_SEPTET) septets.push(basic);
    else return undefined;
  }
  return septets;
}

function unitsOf(text: string, encoding: SmsEncoding): number {
  return encoding === 'GSM7' ? (gsm7Septets(text)?.length ?? Number.NaN) : text.length;
}

function clustersOf(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), ({ segment }) => segment);
}

function capacityOf(message: SegmentedMessage): number {
  const capacity = SEGMENT_CAPACITY[message.encoding];
  return message.parts.length > 1 ? capacity.multipart : capacity.single;
}

/** Start offsets of parts 2..n in the text. */
function boundariesOf(parts: readonly string[]): number[] {
  const boundaries: number[] = [];
  let offset = 0;
  for (const part of parts.slice(0, -1)) {
    offset += part.length;
    boundaries.push(offset);
  }
  return boundaries;
}

/**
 * A deliberately plain model of the rules: always Intl.Segmenter, whole clusters packed greedily,
 * a cluster longer than a part packed code point by code point.
 */
function referenceSegmentation(text: string): Pick<SegmentedMessage, 'encoding' | 'characters' | 'units' | 'parts'> {
  const encoding: SmsEncoding = Array.from(text).every(isGsmCharacter) ? 'GSM7' : 'UCS2';
  const clusters = clustersOf(text);
  const units = unitsOf(text, encoding);
  if (units <= SEGMENT_CAPACITY[encoding].single) {
    return { encoding, characters: clusters.length, units, parts: [text] };
  }
  const capacity = SEGMENT_CAPACITY[encoding].multipart;
  const parts: string[] = [];
  let current = '';
  let used = 0;
  const place = (piece: string): void => {
    const cost = unitsOf(piece, encoding);
    if (used + cost > capacity && used > 0) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += piece;
    used += cost;
  };
  for (const cluster of clusters) {
    if (unitsOf(cluster, encoding) <= capacity) place(cluster);
    else Array.from(cluster).forEach(place);
  }
  parts.push(current);
  return { encoding, characters: clusters.length, units, parts };
}

const isHighSurrogate = (codeUnit: number): boolean => codeUnit >= 0xd800 && codeUnit <= 0xdbff;
const isLowSurrogate = (codeUnit: number): boolean => codeUnit >= 0xdc00 && codeUnit <= 0xdfff;

// ---- Arbitraries, as builders ----

const gsmBasicCharacter = (): fc.Arbitrary<string> => fc.constantFrom(...BASIC_CHARACTERS);
const gsmExtensionCharacter = (): fc.Arbitrary<string> => fc.constantFrom(...EXTENSION_CHARACTERS);

/** GSM-7 text with the given share of extension characters (in tenths), CR LF now and then. */
function gsmText({ maxLength = 500, extensionTenths = 1 } = {}): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 10 - extensionTenths, arbitrary: gsmBasicCharacter() },
        { weight: extensionTenths, arbitrary: gsmExtensionCharacter() },
        { weight: 1, arbitrary: fc.constant('\r\n') },
      ),
      { maxLength, size: 'max' },
    )
    .map((characters) => characters.join(''));
}

const extensionHeavyText = (maxLength = 400): fc.Arbitrary<string> => gsmText({ maxLength, extensionTenths: 7 });

const emoji = (): fc.Arbitrary<string> =>
  fc.constantFrom('😀', '🎉', '👍🏽', '👨‍👩‍👧‍👦', '👩🏾‍💻', '🏳️‍🌈', '❤️', '1️⃣', '🇰🇪', '🇹🇿', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '☺', '©', '‼');
const regionalIndicator = (): fc.Arbitrary<string> =>
  fc.integer({ min: 0x1f1e6, max: 0x1f1ff }).map((codePoint) => String.fromCodePoint(codePoint));
/** Code points that join the one before: ZWJ, VS16, skin tone, keycap, acute accent, tag letter. */
const joiner = (): fc.Arbitrary<string> =>
  fc.constantFrom('\u200d', '\ufe0f', '\u{1f3fd}', '\u20e3', '\u0301', '\u{e0061}');
/** Controls, which no mark joins (GB4, GB5). */
const control = (): fc.Arbitrary<string> => fc.constantFrom('\t', '\n', '\r', '\f', '\u0085', '\u2028', '\u0000');

/** Emoji parts in any order: pictographs, ZWJ, extenders, regional indicators (rules GB9, GB11-GB13). */
function emojiSequence(maxPieces = 10): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.constantFrom('😀', '👩', '❤', '©', '\u200d'), joiner(), regionalIndicator()), {
      maxLength: maxPieces,
      size: 'max',
    })
    .map((pieces) => pieces.join(''));
}

/** A base letter with combining marks; up to 80 marks makes clusters longer than a UCS-2 part. */
function combiningSequence({ maxMarks = 80 } = {}): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('a', 'e', 'ж', 'क', 'ሰ', 'م'),
      fc.array(fc.integer({ min: 0x300, max: 0x36f }), { maxLength: maxMarks, size: 'max' }),
    )
    .map(([base, marks]) => base + String.fromCodePoint(...marks));
}

const otherScripts = (): fc.Arbitrary<string> =>
  fc.constantFrom(
    ...['ж', 'ሰላም', 'مرحبا', 'نَص', 'नमस्ते', 'क्ष', '한국', 'ᄀ', 'ᅡ', 'ᆨ', '中文', '𠀀', 'สำ', 'ç', '`'],
    ...['\u0d4e', '\u0600', '\uff9e', '\ud7b0'],
  );

/** Mixed Unicode text: GSM characters with emoji, ZWJ/flags/modifiers, combining marks, scripts. */
function unicodeMix(maxPieces = 200): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: gsmBasicCharacter() },
        { weight: 1, arbitrary: gsmExtensionCharacter() },
        { weight: 2, arbitrary: emoji() },
        { weight: 1, arbitrary: emojiSequence() },
        { weight: 1, arbitrary: regionalIndicator() },
        { weight: 1, arbitrary: joiner() },
        { weight: 1, arbitrary: combiningSequence({ maxMarks: 4 }) },
        { weight: 1, arbitrary: otherScripts() },
        { weight: 1, arbitrary: fc.constant('\r\n') },
        { weight: 1, arbitrary: control() },
      ),
      { maxLength: maxPieces, size: 'max' },
    )
    .map((pieces) => pieces.join(''));
}

/** UCS-2 text in which every code point is its own cluster but CR LF (the segmenter's fast path). */
function plainUnicodeText(maxPieces = 200): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 5, arbitrary: gsmBasicCharacter() },
        { weight: 3, arbitrary: fc.constantFrom('ж', 'ç', '中', 'ሰ', '😀', '🎉', '𠀀', '`', '\t') },
        { weight: 1, arbitrary: fc.constantFrom('\r\n', '\r', '\n') },
      ),
      { maxLength: maxPieces, size: 'max' },
    )
    .map((pieces) => pieces.join(''));
}

/** Text with clusters longer than a whole UCS-2 part. */
const oversizedClusterText = (): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof(combiningSequence({ maxMarks: 150 }), otherScripts(), emoji()), { maxLength: 6, size: 'max' })
    .map((pieces) => pieces.join(''));

const loneSurrogate = (): fc.Arbitrary<string> =>
  fc.integer({ min: 0xd800, max: 0xdfff }).map((codeUnit) => String.fromCharCode(codeUnit));

/**
 * `text` behind 0..320 filler characters (GSM, extension or Cyrillic), so that what `text` holds
 * lands on the 153/160 and 67/70 boundaries and their multiples.
 */
function behindFiller(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('a', '€', 'ж'), fc.integer({ min: 0, max: 320 }), text)
    .map(([filler, count, tail]) => filler.repeat(count) + tail);
}

/** Any well-formed text of the shapes above, or arbitrary code points. */
function wellFormedText(): fc.Arbitrary<string> {
  return fc.oneof(
    gsmText(),
    extensionHeavyText(),
    unicodeMix(),
    plainUnicodeText(),
    oversizedClusterText(),
    behindFiller(
      fc.oneof(unicodeMix(12), emojiSequence(), oversizedClusterText(), gsmText({ maxLength: 12, extensionTenths: 5 })),
    ),
    fc.string({ unit: 'grapheme', maxLength: 150, size: 'max' }),
    fc.string({ unit: 'binary', maxLength: 150, size: 'max' }),
  );
}

/** Also lone surrogates, which a JavaScript string may carry. */
function anyText(): fc.Arbitrary<string> {
  return fc.oneof(
    wellFormedText(),
    fc
      .array(fc.oneof(unicodeMix(20), loneSurrogate()), { maxLength: 20, size: 'max' })
      .map((pieces) => pieces.join('')),
  );
}

// ---- Laws ----

describe('segmentMessage properties', () => {
  it('parts re-join to the input', () => {
    fc.assert(fc.property(anyText(), (text) => segmentMessage(text).parts.join('') === text));
  });

  it('every part fits its capacity: 160/70 when single, 153/67 per part when multipart', () => {
    fc.assert(
      fc.property(anyText(), (text) => {
        const message = segmentMessage(text);
        const capacity = capacityOf(message);
        return message.parts.every((part) => unitsOf(part, message.encoding) <= capacity);
      }),
    );
  });

  it('segments are monotone in length: appending characters never reduces the segment count', () => {
    fc.assert(
      fc.property(anyText(), anyText(), (text, appended) => {
        return segmentMessage(text + appended).segments >= segmentMessage(text).segments;
      }),
    );
  });

  it('the encoding is GSM7 iff every character is in the GSM-7 basic or extension table', () => {
    const mostlyGsm = fc
      .tuple(
        gsmText({ maxLength: 200 }),
        fc.option(fc.oneof(otherScripts(), emoji(), loneSurrogate())),
        gsmText({ maxLength: 50 }),
      )
      .map(([before, intruder, after]) => before + (intruder ?? '') + after);
    fc.assert(
      fc.property(fc.oneof(mostlyGsm, anyText()), (text) => {
        const allEncodable = Array.from(text).every(isGsmCharacter);
        return (segmentMessage(text).encoding === 'GSM7') === allEncodable;
      }),
    );
  });

  it('no part starts with a lone low surrogate or ends with a lone high surrogate', () => {
    fc.assert(
      fc.property(wellFormedText(), (text) =>
        segmentMessage(text).parts.every(
          (part) =>
            part === '' || (!isLowSurrogate(part.charCodeAt(0)) && !isHighSurrogate(part.charCodeAt(part.length - 1))),
        ),
      ),
    );
  });

  it('no part boundary splits a surrogate pair, even in text with lone surrogates', () => {
    fc.assert(
      fc.property(anyText(), (text) =>
        boundariesOf(segmentMessage(text).parts).every(
          (offset) => !(isHighSurrogate(text.charCodeAt(offset - 1)) && isLowSurrogate(text.charCodeAt(offset))),
        ),
      ),
    );
  });

  it('an escape pair never straddles parts: each part encoded alone fits, and the septets re-join', () => {
    fc.assert(
      fc.property(fc.oneof(extensionHeavyText(), gsmText()), (text) => {
        const message = segmentMessage(text);
        expect(message.encoding).to.equal('GSM7');
        const partSeptets = message.parts.map((part) => gsm7Septets(part) ?? []);
        expect(partSeptets.flat()).to.deep.equal(gsm7Septets(text));
        for (const septets of partSeptets) {
          expect(septets.length).to.be.at.most(capacityOf(message));
        }
      }),
    );
  });

  it('no part boundary splits a grapheme cluster unless that cluster alone exceeds a part', () => {
    fc.assert(
      fc.property(anyText(), (text) => {
        const message = segmentMessage(text);
        const capacity = capacityOf(message);
        const clusterAt = new Map<number, string>();
        for (const { segment, index } of graphemeSegmenter.segment(text)) clusterAt.set(index, segment);
        const clusterStarts = [...clusterAt.keys()];
        for (const offset of boundariesOf(message.parts)) {
          if (clusterAt.has(offset)) continue;
          const start = clusterStarts.filter((index) => index < offset).at(-1) ?? 0;
          const cluster = clusterAt.get(start) ?? '';
          const where = `boundary ${offset} inside ${JSON.stringify(cluster)}`;
          expect(unitsOf(cluster, message.encoding), where).to.be.greaterThan(capacity);
        }
      }),
    );
  });

  it('parts are maximal: what starts a part would not have fitted in the part before', () => {
    fc.assert(
      fc.property(anyText(), (text) => {
        const message = segmentMessage(text);
        const capacity = capacityOf(message);
        const clusterAt = new Map<number, string>();
        for (const { segment, index } of graphemeSegmenter.segment(text)) clusterAt.set(index, segment);
        boundariesOf(message.parts).forEach((offset, index) => {
          const cluster = clusterAt.get(offset);
          // A part starts with a whole cluster, or with a code point of a cluster longer than a part.
          const firstPiece =
            cluster !== undefined && unitsOf(cluster, message.encoding) <= capacity
              ? cluster
              : String.fromCodePoint(text.codePointAt(offset) ?? 0);
          const previous = message.parts[index] ?? '';
          const units = unitsOf(previous, message.encoding) + unitsOf(firstPiece, message.encoding);
          expect(units).to.be.greaterThan(capacity);
        });
      }),
    );
  });

  it('characters is the grapheme cluster count and units the septets or UTF-16 code units', () => {
    fc.assert(
      fc.property(anyText(), (text) => {
        const message = segmentMessage(text);
        expect(message.characters).to.equal(clustersOf(text).length);
        expect(message.units).to.equal(unitsOf(text, message.encoding));
        expect(message.segments).to.equal(message.parts.length);
      }),
    );
  });

  it('agrees with a plain reference model that always asks Intl.Segmenter (the fast paths change nothing)', () => {
    fc.assert(
      fc.property(anyText(), (text) => {
        const { encoding, characters, units, parts } = segmentMessage(text);
        expect({ encoding, characters, units, parts }).to.deep.equal(referenceSegmentation(text));
      }),
      { numRuns: 500 },
    );
  });

  it('overSegmentCap holds iff segments exceed maxSegments, which the result carries', () => {
    const text = fc.oneof(gsmText({ maxLength: 2000 }), unicodeMix(400));
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 255 }), (text, maxSegments) => {
        const message = segmentMessage(text, { maxSegments });
        return message.maxSegments === maxSegments && message.overSegmentCap === message.segments > maxSegments;
      }),
    );
  });
});
