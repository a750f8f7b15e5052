import { expect } from 'chai';
import { createRequire } from 'node:module';
import {
  DEFAULT_MAX_SEGMENTS,
  isGsm7Encodable,
  SEGMENT_CAPACITY,
  segmentMessage,
  type SegmentedMessage,
} from '../src/segmenting.ts';
import { TWILIO_CALCULATOR_CORPUS } from '../src/testing/index.ts';

/** split-sms 0.1.7 ships CommonJS without types; this is the part of its API the tests use. */
interface SplitSms {
  split(message: string): {
    characterSet: 'GSM' | 'Unicode';
    parts: { content: string; length: number; bytes: number }[];
  };
}
const splitSms = createRequire(import.meta.url)('split-sms') as SplitSms;

/**
 * GSM 03.38 (3GPP TS 23.038 6.2.1), written out independently of the implementation:
 * the basic table row by row (0x1B, the escape, left out) and the default extension table.
 */
const BASIC_TABLE_BY_COLUMN = [
  '@Δ 0¡P¿p',
  '£_!1AQaq',
  '$Φ"2BRbr',
  '¥Γ#3CScs',
  'èΛ¤4DTdt',
  'éΩ%5EUeu',
  'ùΠ&6FVfv',
  "ìΨ'7GWgw",
  'òΣ(8HXhx',
  'ÇΘ)9IYiy',
  '\nΞ*:JZjz',
  'Ø+;KÄkä',
  'øÆ,<LÖlö',
  '\ræ-=MÑmñ',
  'Åß.>NÜnü',
  'åÉ/?O§oà',
].join('');
const EXTENSION_TABLE = '\f^{}\\[~]|€';

const ascii = (count: number): string => 'a'.repeat(count);
const cyrillic = (count: number): string => 'ж'.repeat(count);
const partLengths = (message: SegmentedMessage): number[] => message.parts.map((part) => part.length);

describe('segmentMessage', () => {
  describe('GSM-7 alphabet (GSM 03.38)', () => {
    it('has 127 basic and 10 extension characters', () => {
      expect(new Set(BASIC_TABLE_BY_COLUMN).size).to.equal(127);
      expect(new Set(EXTENSION_TABLE).size).to.equal(10);
    });

    it('encodes exactly the basic and extension characters among all BMP code units', () => {
      const encodable = new Set(BASIC_TABLE_BY_COLUMN + EXTENSION_TABLE);
      const disagreements: string[] = [];
      for (let code = 0; code <= 0xffff; code++) {
        const character = String.fromCharCode(code);
        if (isGsm7Encodable(character) !== encodable.has(character)) disagreements.push(code.toString(16));
      }
      expect(disagreements).to.deep.equal([]);
    });

    it('costs one septet per basic character and two per extension character', () => {
      for (const character of BASIC_TABLE_BY_COLUMN) expect(segmentMessage(character).units).to.equal(1);
      for (const character of EXTENSION_TABLE) expect(segmentMessage(character).units).to.equal(2);
    });

    it('sends look-alikes outside the table as UCS2: backtick, ç, NBSP, curly quotes, Ω ohm sign', () => {
      for (const text of ['`', 'ç', '\u00a0', '\u2019', '\u201c', '\u2126', '\t']) {
        expect(segmentMessage(`Habari ${text}`).encoding, JSON.stringify(text)).to.equal('UCS2');
      }
      expect(segmentMessage('Ç ΔΦΓΛΩΠΨΣΘΞ ¤ §¿¡ @£$¥').encoding).to.equal('GSM7');
    });
  });

  describe('GSM-7 boundaries (160 single, 153 per part)', () => {
    const vectors: [length: number, segments: number, parts: number[]][] = [
      [1, 1, [1]],
      [160, 1, [160]],
      [161, 2, [153, 8]],
      [306, 2, [153, 153]],
      [307, 3, [153, 153, 1]],
      [459, 3, [153, 153, 153]],
      [460, 4, [153, 153, 153, 1]],
    ];
    for (const [length, segments, parts] of vectors) {
      it(`${length} characters -> ${segments} segment(s)`, () => {
        const message = segmentMessage(ascii(length));
        expect(message.encoding).to.equal('GSM7');
        expect(message.segments).to.equal(segments);
        expect(message.units).to.equal(length);
        expect(message.characters).to.equal(length);
        expect(partLengths(message)).to.deep.equal(parts);
      });
    }

    it('fits 80 extension characters (160 septets) in one segment, 81 need two', () => {
      expect(segmentMessage('€'.repeat(80))).to.include({ segments: 1, units: 160, characters: 80 });
      const message = segmentMessage('€'.repeat(81));
      expect(message).to.include({ segments: 2, units: 162, characters: 81 });
      expect(partLengths(message)).to.deep.equal([76, 5]);
    });

    it('moves an extension character straddling the 153 boundary to the next part', () => {
      const message = segmentMessage(`${ascii(152)}€${'b'.repeat(10)}`);
      expect(message).to.include({ encoding: 'GSM7', segments: 2, units: 164, characters: 163 });
      expect(message.parts).to.deep.equal([ascii(152), `€${'b'.repeat(10)}`]);
    });

    it('keeps an extension character ending exactly on septet 153 in the first part', () => {
      const message = segmentMessage(`${ascii(151)}{${'b'.repeat(10)}`);
      expect(message.parts).to.deep.equal([`${ascii(151)}{`, 'b'.repeat(10)]);
    });

    it('keeps CR LF together: one character, never split between parts', () => {
      const message = segmentMessage(`${ascii(152)}\r\n${'b'.repeat(10)}`);
      expect(message).to.include({ encoding: 'GSM7', segments: 2, units: 164, characters: 163 });
      expect(message.parts).to.deep.equal([ascii(152), `\r\n${'b'.repeat(10)}`]);
      expect(segmentMessage('a\r\nb\n\rc')).to.include({ characters: 6, units: 7 });
    });
  });

  describe('UCS-2 boundaries (70 single, 67 per part)', () => {
    const vectors: [length: number, segments: number, parts: number[]][] = [
      [70, 1, [70]],
      [71, 2, [67, 4]],
      [134, 2, [67, 67]],
      [135, 3, [67, 67, 1]],
      [201, 3, [67, 67, 67]],
      [202, 4, [67, 67, 67, 1]],
    ];
    for (const [length, segments, parts] of vectors) {
      it(`${length} code units -> ${segments} segment(s)`, () => {
        const message = segmentMessage(cyrillic(length));
        expect(message).to.include({ encoding: 'UCS2', segments, units: length, characters: length });
        expect(partLengths(message)).to.deep.equal(parts);
      });
    }

    it('counts an emoji as 2 units and one character', () => {
      expect(segmentMessage('😀'.repeat(35))).to.include({ encoding: 'UCS2', segments: 1, units: 70, characters: 35 });
      const message = segmentMessage('😀'.repeat(36));
      expect(message).to.include({ segments: 2, units: 72, characters: 36 });
      expect(message.parts).to.deep.equal(['😀'.repeat(33), '😀'.repeat(3)]);
    });

    it('moves an emoji straddling unit 67 to the next part, keeps one ending on unit 67', () => {
      expect(segmentMessage(`${cyrillic(66)}😀${cyrillic(10)}`).parts).to.deep.equal([cyrillic(66), `😀${cyrillic(10)}`]);
      expect(segmentMessage(`${cyrillic(65)}😀${cyrillic(10)}`).parts).to.deep.equal([`${cyrillic(65)}😀`, cyrillic(10)]);
    });

    it('never splits a ZWJ family emoji (11 units, one character)', () => {
      const family = '👨‍👩‍👧‍👦';
      const message = segmentMessage(`${cyrillic(60)}${family}${cyrillic(10)}`);
      expect(message).to.include({ segments: 2, units: 81, characters: 71 });
      expect(message.parts).to.deep.equal([cyrillic(60), `${family}${cyrillic(10)}`]);
    });

    it('never splits a flag, and pairs regional indicators from the start', () => {
      const kenya = '🇰🇪';
      const tanzania = '🇹🇿';
      expect(segmentMessage(`${cyrillic(64)}${kenya}${tanzania}`).parts).to.deep.equal([
        cyrillic(64),
        `${kenya}${tanzania}`,
      ]);
      const message = segmentMessage(`${cyrillic(63)}${kenya}${tanzania}${cyrillic(5)}`);
      expect(message).to.include({ segments: 2, units: 76, characters: 70 });
      expect(message.parts).to.deep.equal([`${cyrillic(63)}${kenya}`, `${tanzania}${cyrillic(5)}`]);
    });

    it('keeps combining marks with their base character', () => {
      const accented = 'e\u0301';
      const message = segmentMessage(`${cyrillic(66)}${accented}${cyrillic(10)}`);
      expect(message).to.include({ encoding: 'UCS2', segments: 2, units: 78, characters: 77 });
      expect(message.parts).to.deep.equal([cyrillic(66), `${accented}${cyrillic(10)}`]);
      expect(segmentMessage('क्षत्रिय')).to.include({ characters: 3, units: 8 });
    });

    it('keeps CR LF together in UCS-2 text too', () => {
      expect(segmentMessage('Habari ж\r\nasante')).to.include({ encoding: 'UCS2', characters: 15, units: 16 });
      const message = segmentMessage(`${cyrillic(66)}\r\n${cyrillic(10)}`);
      expect(message).to.include({ segments: 2, units: 78, characters: 77 });
      expect(message.parts).to.deep.equal([cyrillic(66), `\r\n${cyrillic(10)}`]);
    });

    it('keeps a skin-tone emoji and a keycap whole', () => {
      expect(segmentMessage(`${cyrillic(66)}👍🏽ж`).parts).to.deep.equal([cyrillic(66), '👍🏽ж']);
      expect(segmentMessage(`${cyrillic(66)}1️⃣ok`).parts).to.deep.equal([cyrillic(66), '1️⃣ok']);
    });

    it('counts clusters by UAX #29: ZWJ joins a pictograph only right after one, controls take no marks', () => {
      const vectors: [text: string, characters: number][] = [
        ['👩\u200d💻', 1],
        ['👩🏾\u200d💻', 1],
        ['👩\u200d\u0301💻', 2],
        ['a\u200d💻', 2],
        ['\n\u0301', 2],
        ['🇰🇪🇹', 2],
        ['🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', 1],
        ['한국어', 3],
        ['\u1100\u1161\u11a8', 1],
      ];
      for (const [text, characters] of vectors) {
        expect(segmentMessage(text).characters, JSON.stringify(text)).to.equal(characters);
      }
    });

    it('splits a single cluster longer than a part at code points, filling the current part', () => {
      const zalgo = `x${'\u0301'.repeat(200)}`;
      const alone = segmentMessage(zalgo);
      expect(alone).to.include({ segments: 3, units: 201, characters: 1 });
      expect(partLengths(alone)).to.deep.equal([67, 67, 67]);
      expect(partLengths(segmentMessage(`${cyrillic(10)}x${'\u0301'.repeat(100)}`))).to.deep.equal([67, 44]);
    });

    it('never splits a surrogate pair inside an oversized cluster', () => {
      const tagSequence = `🏴${'\u{E0061}'.repeat(40)}\u{E007F}`;
      const message = segmentMessage(tagSequence);
      expect(message).to.include({ units: 84, characters: 1, segments: 2 });
      expect(partLengths(message)).to.deep.equal([66, 18]);
    });
  });

  describe('empty text and the segment cap', () => {
    it('counts the empty text as one GSM7 segment with one empty part, 0 units', () => {
      expect(segmentMessage('')).to.deep.equal({
        encoding: 'GSM7',
        segments: 1,
        characters: 0,
        units: 0,
        parts: [''],
        maxSegments: DEFAULT_MAX_SEGMENTS,
        overSegmentCap: false,
      });
    });

    it(`caps at ${DEFAULT_MAX_SEGMENTS} segments by default`, () => {
      expect(segmentMessage(ascii(1530))).to.include({ segments: 10, maxSegments: 10, overSegmentCap: false });
      expect(segmentMessage(ascii(1531))).to.include({ segments: 11, maxSegments: 10, overSegmentCap: true });
    });

    it('takes the cap from the options', () => {
      expect(segmentMessage(ascii(161), { maxSegments: 1 })).to.include({ maxSegments: 1, overSegmentCap: true });
      expect(segmentMessage(ascii(1531), { maxSegments: 255 })).to.include({ maxSegments: 255, overSegmentCap: false });
      expect(segmentMessage(ascii(5), { maxSegments: undefined })).to.include({ maxSegments: DEFAULT_MAX_SEGMENTS });
    });

    it('rejects a cap that is not an integer from 1 to 255 as a configuration bug', () => {
      for (const maxSegments of [0, -1, 1.5, 256, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(() => segmentMessage('hi', { maxSegments }), String(maxSegments)).to.throw(RangeError, /maxSegments/);
      }
    });
  });

  describe('capacities', () => {
    it('publishes 160/153 septets for GSM7 and 70/67 units for UCS2', () => {
      expect(SEGMENT_CAPACITY).to.deep.equal({
        GSM7: { single: 160, multipart: 153 },
        UCS2: { single: 70, multipart: 67 },
      });
    });
  });

  describe('agreement with split-sms (where split-sms is right: no multi-code-point clusters)', () => {
    const templates = [
      'The quick brown fox jumps over the lazy dog 0123456789. ',
      'Karibu! Salio lako ni KES 1,250.00 @ 5% riba; piga *144# sasa. ',
      'Prix: 10€ {promo} [code] ~50% ^_^ | back\\slash ',
      'ΔΦΓΛΩΠΨΣΘΞ ÄÖÑÜ§¿ äöñüà èéùìòÇ Øø Åå Ææ ßÉ ¤¡ £$¥ ',
      'Привет, как дела? Ваш код: 4821. ',
      'ሰላም! የእርስዎ ኮድ 4821 ነው። ',
      'Hongera 🎉 umeshinda 😀 zawadi 🚀! ',
      '中文短信测试，验证码 4821。𠀀 ',
      'Mixed € and 😀 with `backtick` ',
    ];
    const lengths = [
      0, 1, 69, 70, 71, 76, 77, 133, 134, 135, 152, 153, 154, 159, 160, 161, 305, 306, 307, 459, 460, 1000,
    ];
    const codePoints = (template: string, length: number): string =>
      Array.from(template.repeat(Math.ceil(length / template.length) + 1))
        .slice(0, length)
        .join('');
    const corpus = templates.flatMap((template) =>
      lengths.map((length) => codePoints(template, length)),
    );

    it('agrees on encoding, segment count and parts for every corpus message', () => {
      const disagreements: string[] = [];
      for (const text of corpus) {
        const ours = segmentMessage(text);
        const theirs = splitSms.split(text);
        const theirEncoding = theirs.characterSet === 'GSM' ? 'GSM7' : 'UCS2';
        const theirParts = theirs.parts.map((part) => part.content);
        if (ours.encoding !== theirEncoding || ours.segments !== theirs.parts.length) {
          const counts = `${ours.encoding}/${ours.segments} vs ${theirEncoding}/${theirs.parts.length}`;
          disagreements.push(`${JSON.stringify(text.slice(0, 20))}… (${text.length}): ${counts}`);
        } else if (JSON.stringify(ours.parts) !== JSON.stringify(theirParts)) {
          disagreements.push(`${JSON.stringify(text.slice(0, 20))}… (${text.length}): parts differ`);
        }
      }
      expect(corpus).to.have.length(templates.length * lengths.length);
      expect(disagreements).to.deep.equal([]);
    });

    it('disagrees where split-sms ignores grapheme clusters: a ZWJ family straddling unit 67', () => {
      const text = `${cyrillic(60)}👨‍👩‍👧‍👦${cyrillic(10)}`;
      const theirs = splitSms.split(text).parts.map((part) => part.content);
      expect(theirs[0]).to.not.equal(cyrillic(60));
      expect(segmentMessage(text).parts[0]).to.equal(cyrillic(60));
    });
  });

  describe("agreement with Twilio's segment calculator semantics", () => {
    for (const { text, encoding, segments, units } of TWILIO_CALCULATOR_CORPUS) {
      const shown = JSON.stringify(text.length > 24 ? `${Array.from(text).slice(0, 8).join('')}…` : text);
      it(`${shown} (${text.length} code units) -> ${encoding}, ${segments} segment(s), ${units} units`, () => {
        expect(segmentMessage(text)).to.include({ encoding, segments, units });
      });
    }
  });
});
