import { expect } from 'chai';
import fc from 'fast-check';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, recogniseKeyword } from '../src/index.ts';

const KEYWORDS = [...OPT_OUT_KEYWORDS, ...OPT_IN_KEYWORDS];

/** Upper- or lower-cases each character as `flips` says. */
const recase = (text: string, flips: readonly boolean[]): string =>
  [...text].map((character, i) => (flips[i % Math.max(flips.length, 1)] ? character.toUpperCase() : character.toLowerCase())).join('');

const whitespace = fc.array(fc.constantFrom(' ', '\t', '\n', '\r\n', '\u00A0', '\u2003', '\u3000'), { maxLength: 4 }).map((parts) => parts.join(''));

/** Keywords, near misses and arbitrary text. */
const texts = fc.oneof(
  fc.constantFrom(...KEYWORDS),
  fc.constantFrom(...KEYWORDS).map((keyword) => `${keyword} please`),
  fc.constantFrom('Stop by the shop', 'STOPP', 'start-up', 'opt  out', 'Yes', 'endless', ''),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

describe('inbound keywords', () => {
  it('law: case and surrounding whitespace never change the outcome', () => {
    fc.assert(
      fc.property(texts, fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), whitespace, whitespace, (text, flips, before, after) => {
        expect(recogniseKeyword(`${before}${recase(text, flips)}${after}`)).to.deep.equal(recogniseKeyword(text));
      }),
    );
  });

  it('law: every listed keyword is recognised with its own action, as listed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEYWORDS), (keyword) => {
        const action = (OPT_OUT_KEYWORDS as readonly string[]).includes(keyword) ? 'opt_out' : 'opt_in';
        expect(recogniseKeyword(keyword)).to.deep.equal({ keyword, action });
      }),
    );
  });

  it('law: a keyword followed by another word is no keyword', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/).filter((w) => !['all', 'out', 'in'].includes(w));
    fc.assert(
      fc.property(fc.constantFrom(...KEYWORDS), word, (keyword, next) => {
        expect(recogniseKeyword(`${keyword} ${next}`)).to.equal(null);
      }),
    );
  });

  it('reads STOP the way people type it', () => {
    for (const text of ['stop', 'Stop.', ' STOP!! ', '"stop"', 'ＳＴＯＰ', 'Stop\n']) expect(recogniseKeyword(text), text).to.deep.equal({ keyword: 'STOP', action: 'opt_out' });
    expect(recogniseKeyword('opt   out')).to.deep.equal({ keyword: 'OPT OUT', action: 'opt_out' });
    expect(recogniseKeyword('Opt-Out')).to.deep.equal({ keyword: 'OPT-OUT', action: 'opt_out' });
    expect(recogniseKeyword('Arrêt')).to.deep.equal({ keyword: 'ARRÊT', action: 'opt_out' });
    expect(recogniseKeyword('unstop')).to.deep.equal({ keyword: 'UNSTOP', action: 'opt_in' });
  });

  it('does not take ordinary replies for keywords', () => {
    for (const text of ['Stop by the shop tomorrow', 'Please stop', 'END of month', 'yes', 'STOPPED', 'S T O P', '']) {
      expect(recogniseKeyword(text), text).to.equal(null);
    }
  });
});
