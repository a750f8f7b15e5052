import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { ReferenceDigests } from '@tuma/kernel/testing';
import { CodeHasher, randomCode } from '../src/index.ts';

const PEPPER = Buffer.from('a pepper of at least thirty-two characters');
const hasher = new CodeHasher(new ReferenceDigests(), () => PEPPER);

describe('verification: code hashes (the format of hashes at rest)', () => {
  it('hashes a code as it did before', () => {
    expect(hasher.hash('ver_01J0000000000000000000000', '123456')).to.equal('1cce8c5c61c4ad3a9a84a9d19d335b5f07b47a3e519fc3dd4751e1277665577b');
  });

  it('law: writes the hex HMAC-SHA256 of `<id>:<code>` under the pepper, and matches only that code', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^\d{4,10}$/), fc.stringMatching(/^\d{4,10}$/), (id, code, other) => {
        const hash = hasher.hash(id, code);
        expect(hash).to.equal(createHmac('sha256', PEPPER).update(`${id}:${code}`).digest('hex'));
        expect(hasher.matches(id, code, hash)).to.equal(true);
        expect(hasher.matches(id, other, hash)).to.equal(other === code);
      }),
    );
    expect(hasher.matches('ver_1', '123456', '')).to.equal(false);
    expect(hasher.matches('ver_1', '123456', 'zz')).to.equal(false);
  });

  it('draws codes of the length asked, digits only, never all zeros', () => {
    for (let i = 0; i < 200; i++) expect(randomCode(4)).to.match(/^\d{4}$/).and.not.equal('0000');
    expect(randomCode(10)).to.match(/^\d{10}$/);
  });
});
