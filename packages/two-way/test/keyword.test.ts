import { expect } from 'chai';
import fc from 'fast-check';
import { Keyword, RESERVED_KEYWORDS } from '../src/index.ts';

describe('keywords', () => {
  it('normalises to upper case: any casing of a valid keyword is the same keyword', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,19}$/), (raw) => {
        fc.pre(!RESERVED_KEYWORDS.has(raw.toUpperCase()));
        expect(Keyword.create(raw)._unsafeUnwrap().equals(Keyword.create(raw.toLowerCase())._unsafeUnwrap())).to.equal(true);
        expect(Keyword.create(` ${raw} `)._unsafeUnwrap().value).to.equal(raw.toUpperCase());
      }),
    );
  });

  it('refuses more than one word, other characters, overlong words and the reserved words', () => {
    for (const bad of ['two words', 'café', 'a-b', '', 'X'.repeat(21), 'stop', 'Start', 'HELP', 'unsubscribe']) expect(Keyword.create(bad).isErr(), bad).to.equal(true);
  });

  it('reads the first word of an inbound text as keywords compare', () => {
    expect(Keyword.firstWordOf('  pizza please')).to.equal('PIZZA');
    expect(Keyword.firstWordOf('Vote!')).to.equal('VOTE');
  });
});
