import { createHash } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { sha256Hex } from '../src/index.ts';

describe('kernel: sha256Hex (WebCrypto)', () => {
  it("is FIPS 180-2's SHA-256 in lower-case hex", async () => {
    expect(await sha256Hex('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).to.equal('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('writes the digest node:crypto wrote before it, for any text (hashes at rest stay valid)', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ unit: 'grapheme' }), async (text) => {
      expect(await sha256Hex(text)).to.equal(createHash('sha256').update(text).digest('hex'));
    }));
  });
});
