import { expect } from 'chai';
import fc from 'fast-check';
import { ReferenceDigests } from '@tuma/kernel/testing';
import { SignedTokens, trackedHtml, TrackingTokens } from '../src/index.ts';

const KEY = Buffer.alloc(32, 7);
const tokens = new TrackingTokens(new SignedTokens(new ReferenceDigests(), () => KEY));
const link = (url: string) => `https://mail.tuma.test/t/c/${encodeURIComponent(url)}`;
const PIXEL = 'https://mail.tuma.test/t/o/px';

describe('tracked html', () => {
  it('rewrites http(s) links, decoding &amp; as a browser does, and leaves mailto:, tel:, anchors and relative links', () => {
    const html = `<p><a class="b" href="https://shop.example/o?id=1&amp;x=2">Order</a> <A HREF='http://shop.example/'>Home</A>
      <a href="mailto:help@shop.example">Mail</a> <a href="tel:+254700000000">Call</a> <a href="#top">Top</a> <a href="/rel">Rel</a></p>`;
    const tracked = trackedHtml(html, { link });
    expect(tracked).to.include(`href="${link('https://shop.example/o?id=1&x=2').replace(/&/g, '&amp;')}"`);
    expect(tracked).to.include(`HREF='${link('http://shop.example/')}'`);
    for (const kept of ['href="mailto:help@shop.example"', 'href="tel:+254700000000"', 'href="#top"', 'href="/rel"', 'class="b"']) expect(tracked).to.include(kept);
    expect(tracked).not.to.include('<img');
  });

  it('puts the pixel before the last </body>, or at the end without one', () => {
    expect(trackedHtml('<html><body><p>Hi</p></body></html>', { pixel: PIXEL })).to.match(/<p>Hi<\/p><img src="https:\/\/mail\.tuma\.test\/t\/o\/px" width="1" height="1"[^>]*\/><\/body><\/html>$/);
    expect(trackedHtml('<p>Hi</p>', { pixel: PIXEL })).to.match(/^<p>Hi<\/p><img src="https:\/\/mail\.tuma\.test\/t\/o\/px"/);
  });

  it('changes nothing when neither opens nor clicks are tracked', () => {
    fc.assert(fc.property(fc.string(), (html) => trackedHtml(html, {}) === html));
  });
});

describe('tracking tokens', () => {
  const claims = fc.oneof(
    fc.record({ kind: fc.constant('open' as const), emailId: fc.string({ minLength: 1 }).filter((s) => !s.includes('\n')) }),
    fc.record({ kind: fc.constant('click' as const), emailId: fc.string({ minLength: 1 }).filter((s) => !s.includes('\n')), url: fc.webUrl({ withQueryParameters: true, withFragments: true }) }),
  );

  it('law: a signed claim reads back as itself, and only as its own kind', () => {
    fc.assert(
      fc.property(claims, (claim) => {
        const token = tokens.sign(claim);
        expect(tokens.read(claim.kind, token)).to.deep.equal(claim);
        expect(tokens.read(claim.kind === 'open' ? 'click' : 'open', token)).to.equal(undefined);
      }),
    );
  });

  it('law: a token altered in any one character reads as nothing', () => {
    fc.assert(
      fc.property(claims, fc.nat(), fc.constantFrom(...'ABCabc019-_.='.split('')), (claim, at, char) => {
        const token = tokens.sign(claim);
        const index = at % token.length;
        fc.pre(token[index] !== char);
        const altered = `${token.slice(0, index)}${char}${token.slice(index + 1)}`;
        expect(tokens.read(claim.kind, altered)).to.equal(undefined);
      }),
    );
  });

  it('reads nothing of a token signed with another key, or of text that is no token', () => {
    const forged = new TrackingTokens(new SignedTokens(new ReferenceDigests(), () => Buffer.alloc(32, 8))).sign({ kind: 'click', emailId: 'em_1', url: 'https://evil.example/' });
    expect(tokens.read('click', forged)).to.equal(undefined);
    for (const junk of ['', '.', 'abc', 'a.b.c', `${Buffer.from('em_1\nhttps://evil.example/').toString('base64url')}.`]) expect(tokens.read('click', junk), junk).to.equal(undefined);
  });
});
