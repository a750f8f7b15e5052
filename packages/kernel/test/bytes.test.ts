import { expect } from 'chai';
import fc from 'fast-check';
import { base64, base64url, concatBytes, constantTimeEqual, fromBase64url, hexOf, randomDigits, utf8, utf8Text } from '../src/index.ts';

// Buffer is the oracle here: these helpers replace it in domain code, byte for byte.
describe('kernel: bytes without Buffer', () => {
  it("law: base64, base64url and hex write what Buffer's toString writes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(base64(bytes)).to.equal(Buffer.from(bytes).toString('base64'));
        expect(base64url(bytes)).to.equal(Buffer.from(bytes).toString('base64url'));
        expect(hexOf(bytes)).to.equal(Buffer.from(bytes).toString('hex'));
      }),
    );
  });

  it('law: fromBase64url reads back what base64url wrote', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      expect(fromBase64url(base64url(bytes))).to.deep.equal(bytes);
    }));
  });

  it('law: fromBase64url reads any other text as nothing, where Buffer would read bytes written otherwise', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AQgw_-+/=. é'), maxLength: 12 }), (text) => {
        const lenient = Buffer.from(text, 'base64url');
        const canonical = lenient.toString('base64url') === text;
        expect(fromBase64url(text)).to.deep.equal(canonical ? new Uint8Array(lenient) : undefined);
      }),
    );
    for (const text of ['QQ==', 'QR', 'Q', 'QQ.', 'Q+Q', ' QQ']) expect(fromBase64url(text), text).to.equal(undefined);
    expect(fromBase64url('QQ')).to.deep.equal(Uint8Array.of(0x41));
    expect(fromBase64url('')).to.deep.equal(new Uint8Array());
  });

  it('reads UTF-8 strictly, keeping a leading BOM, and writes it as TextEncoder does', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => {
      expect(utf8Text(utf8(text))).to.equal(text);
    }));
    expect(utf8Text(utf8('\uFEFFhi'))).to.equal('\uFEFFhi');
    expect(utf8Text(Uint8Array.of(0xff))).to.equal(undefined);
    expect(utf8Text(Uint8Array.of(0xc3))).to.equal(undefined);
  });

  it('joins bytes in order', () => {
    expect(concatBytes(utf8('ab'), new Uint8Array(), Uint8Array.of(0, 255))).to.deep.equal(Uint8Array.of(0x61, 0x62, 0, 255));
    expect(concatBytes()).to.deep.equal(new Uint8Array());
  });

  it('law: constantTimeEqual is equality, of bytes and of texts (as UTF-8)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ maxLength: 40 }), (a, b) => {
        expect(constantTimeEqual(a, b)).to.equal(Buffer.from(a).equals(b));
        expect(constantTimeEqual(a, a.slice())).to.equal(true);
      }),
    );
    expect(constantTimeEqual('é', utf8('é'))).to.equal(true);
    expect(constantTimeEqual('ab', 'abc')).to.equal(false);
  });

  it('draws random digits, every digit about as often (no modulo bias)', () => {
    expect(randomDigits(6)).to.match(/^\d{6}$/);
    const counts = new Array<number>(10).fill(0);
    for (const digit of randomDigits(20_000)) counts[Number(digit)]!++;
    // 2,000 expected each; 6 standard deviations (about 255) either side.
    for (const count of counts) expect(count).to.be.within(1_740, 2_260);
  });
});
