/** The contract suite of `Digests`: NIST's SHA-256 vectors and RFC 4231's HMAC-SHA256 ones, then WebCrypto's answers for any text and key. */
import { expect } from 'chai';
import fc from 'fast-check';
import type { Digests } from '../application/digests.port.ts';
import { hexOf, utf8 } from '../domain/bytes.ts';
import { sha256Hex } from '../domain/sha256.ts';

const bytes = (length: number, byte: number): Uint8Array => new Uint8Array(length).fill(byte);

/** RFC 4231, section 4: test cases 1-4, 6 and 7 (5 truncates its output, which the port does not). */
const RFC_4231 = [
  { name: '1', key: bytes(20, 0x0b), data: utf8('Hi There'), mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7' },
  { name: '2 (a key shorter than the output)', key: utf8('Jefe'), data: utf8('what do ya want for nothing?'), mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843' },
  { name: '3', key: bytes(20, 0xaa), data: bytes(50, 0xdd), mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe' },
  { name: '4', key: Uint8Array.from({ length: 25 }, (_, i) => i + 1), data: bytes(50, 0xcd), mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b' },
  { name: '6 (a key longer than the block)', key: bytes(131, 0xaa), data: utf8('Test Using Larger Than Block-Size Key - Hash Key First'), mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54' },
  {
    name: '7 (a key and data longer than the block)',
    key: bytes(131, 0xaa),
    data: utf8('This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.'),
    mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  },
];

async function webCryptoHmac(key: Uint8Array, message: string): Promise<string> {
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hexOf(new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, utf8(message))));
}

export function describeDigestsContract(name: string, make: () => Digests): void {
  describe(`Digests contract: ${name}`, () => {
    const digests = make();

    it("hashes NIST's SHA-256 examples (FIPS 180-4): the empty text, 'abc' and the 448-bit message", () => {
      expect(digests.sha256Hex('')).to.equal('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
      expect(digests.sha256Hex('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
      expect(digests.sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).to.equal('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
    });

    for (const vector of RFC_4231) {
      it(`MACs RFC 4231's test case ${vector.name}`, () => {
        expect(hexOf(digests.hmacSha256(vector.key)(vector.data))).to.equal(vector.mac);
      });
    }

    it('hashes and MACs text as its UTF-8, a string key too', () => {
      expect(digests.sha256Hex('héllo wörld €')).to.equal('a3260bb658a2bce4e8e8b9cd613904a51582e107bd16c453b5530bd56be4937a');
      expect(digests.sha256Hex('😀')).to.equal('f0443a342c5ef54783a111b51ba56c938e474c32324d90c3a60c9c8e3a37e2d9');
      expect(hexOf(digests.hmacSha256('clé')('日本語'))).to.equal('d9f6c60565f835499eb57067e096a4e49134f446e43761eeaddd9aa75464bf4b');
      expect(hexOf(digests.hmacSha256(utf8('clé'))(utf8('日本語')))).to.equal('d9f6c60565f835499eb57067e096a4e49134f446e43761eeaddd9aa75464bf4b');
    });

    // WebCrypto refuses an empty HMAC key, so the keys here have a byte at least.
    it('law: agrees with WebCrypto on any text, key and message', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'grapheme' }), fc.uint8Array({ minLength: 1, maxLength: 200 }), async (text, key) => {
          expect(digests.sha256Hex(text)).to.equal(await sha256Hex(text));
          expect(hexOf(digests.hmacSha256(key)(text))).to.equal(await webCryptoHmac(key, text));
        }),
      );
    });

    it('law: a keyed function gives the same bytes every call, whatever came between', () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 100 }), fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (key, messages) => {
          const mac = digests.hmacSha256(key);
          const first = messages.map((message) => hexOf(mac(message)));
          expect(messages.map((message) => hexOf(mac(message)))).to.deep.equal(first);
          expect(hexOf(digests.hmacSha256(key)(messages[0]!))).to.equal(first[0]);
        }),
      );
    });
  });
}
