import { expect } from 'chai';
import fc from 'fast-check';
import { GSM7_BASIC_TABLE, GSM7_EXTENSION_TABLE } from '../src/domain/segmenting/gsm7-alphabet.ts';
import { explainEncoding, GSM7_LOOK_ALIKES, isGsm7Encodable, MAX_EXPLAINED_CHARACTERS, segmentMessage, smartEncode } from '../src/segmenting.ts';
import { TWILIO_CALCULATOR_CORPUS } from '../src/testing/index.ts';

const GSM7_CHARACTERS = [...Array.from(GSM7_BASIC_TABLE).filter((c) => c !== '\u001b'), ...GSM7_EXTENSION_TABLE.keys()];
const LOOK_ALIKES = [...GSM7_LOOK_ALIKES.keys()].map((codePoint) => String.fromCodePoint(codePoint));
const gsm7Text = fc.array(fc.constantFrom(...GSM7_CHARACTERS), { maxLength: 700 }).map((cs) => cs.join(''));
/** GSM-7 text sprinkled with look-alikes, emoji and other UCS-2 characters. */
const mixedText = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...GSM7_CHARACTERS) }, { weight: 3, arbitrary: fc.constantFrom(...LOOK_ALIKES) }, { weight: 1, arbitrary: fc.constantFrom('😀', 'ж', '中', '\u0301', 'ω') }), { maxLength: 700 })
  .map((cs) => cs.join(''));

describe('smart encoding', () => {
  it('replaces typographic punctuation and spaces by their GSM-7 look-alikes', () => {
    const encoded = smartEncode('It’s “done” – see you…\u00a0soon\u200b');
    expect(encoded).to.deep.equal({ text: 'It\'s "done" - see you... soon', original: 'It’s “done” – see you…\u00a0soon\u200b', changed: true });
    expect(segmentMessage(encoded.text).encoding).to.equal('GSM7');
  });

  it('replaces accented letters outside GSM-7 by the bare letter, ç by Ç, and keeps the letters GSM-7 has', () => {
    expect(smartEncode('Olá você, ça coûte 5€ à Abidjan, é ñ ü').text).to.equal('Ola voce, Ça coute 5€ à Abidjan, é ñ ü');
  });

  it('leaves a text that would stay UCS-2 as it is (an emoji has no look-alike)', () => {
    expect(smartEncode('It’s “done” 👍')).to.deep.equal({ text: 'It’s “done” 👍', original: 'It’s “done” 👍', changed: false });
  });

  it('keeps the original when the replacement would need more segments (70 ellipses are 1 UCS-2 segment, 210 septets 2)', () => {
    const text = '…'.repeat(70);
    expect(smartEncode(text)).to.include({ text, changed: false });
  });

  it('every replacement in the table is GSM-7', () => {
    for (const replacement of GSM7_LOOK_ALIKES.values()) expect(isGsm7Encodable(replacement), JSON.stringify(replacement)).to.equal(true);
  });

  it('law: a GSM-7 text is never changed (same string, changed false)', () => {
    fc.assert(
      fc.property(gsm7Text, (text) => {
        const encoded = smartEncode(text);
        expect(encoded.changed).to.equal(false);
        expect(encoded.text).to.equal(text);
      }),
      { numRuns: 300 },
    );
  });

  it('law: smart encoding never raises the segment count, and a changed text is GSM-7', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        const encoded = smartEncode(text);
        expect(segmentMessage(encoded.text).segments).to.be.at.most(segmentMessage(text).segments);
        if (encoded.changed) expect(isGsm7Encodable(encoded.text)).to.equal(true);
        else expect(encoded.text).to.equal(text);
      }),
      { numRuns: 500 },
    );
  });
});

describe('explaining a UCS-2 text', () => {
  it('is null for a GSM-7 text', () => {
    expect(explainEncoding('Hello {world} €5')).to.equal(null);
  });

  for (const { text, encoding, ucs2Characters, gsm7Segments } of TWILIO_CALCULATOR_CORPUS) {
    const shown = JSON.stringify(text.length > 24 ? `${Array.from(text).slice(0, 8).join('')}…` : text);
    it(`Twilio-calculator corpus ${shown}: ${encoding === 'GSM7' ? 'nothing to explain' : `${ucs2Characters!.length} culprit(s), ${gsm7Segments} GSM-7 segment(s)`}`, () => {
      const explanation = explainEncoding(text);
      if (encoding === 'GSM7') {
        expect(explanation).to.equal(null);
        return;
      }
      expect(explanation!.count).to.equal(ucs2Characters!.length);
      expect(explanation!.characters.map((c) => [c.position, c.codePoint])).to.deep.equal(ucs2Characters!.slice(0, MAX_EXPLAINED_CHARACTERS));
      expect(explanation!.gsm7.encoding).to.equal('GSM7');
      expect(explanation!.gsm7.segments).to.equal(gsm7Segments);
    });
  }

  it('names each culprit with its look-alike, or null when it is removed for want of one', () => {
    const explanation = explainEncoding('Hi “Amina” 👋')!;
    expect(explanation.characters).to.deep.equal([
      { position: 3, character: '“', codePoint: 0x201c, replacement: '"' },
      { position: 9, character: '”', codePoint: 0x201d, replacement: '"' },
      { position: 11, character: '👋', codePoint: 0x1f44b, replacement: null },
    ]);
    expect(explanation.gsm7Text).to.equal('Hi "Amina" ');
  });

  it(`lists at most ${MAX_EXPLAINED_CHARACTERS} characters and counts them all`, () => {
    const explanation = explainEncoding('中'.repeat(250))!;
    expect(explanation.characters).to.have.length(MAX_EXPLAINED_CHARACTERS);
    expect(explanation.count).to.equal(250);
    expect(explanation.gsm7Text).to.equal('');
  });

  it('law: the culprits are exactly the code points outside GSM-7, and the GSM-7 alternative is GSM-7', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        const explanation = explainEncoding(text);
        const expected = Array.from(text).flatMap((c, position) => (isGsm7Encodable(c) ? [] : [position]));
        if (expected.length === 0) {
          expect(explanation).to.equal(null);
          return;
        }
        expect(explanation!.count).to.equal(expected.length);
        expect(explanation!.characters.map((c) => c.position)).to.deep.equal(expected.slice(0, MAX_EXPLAINED_CHARACTERS));
        expect(isGsm7Encodable(explanation!.gsm7Text)).to.equal(true);
      }),
      { numRuns: 300 },
    );
  });
});
