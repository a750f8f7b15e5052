import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { ReferenceDigests } from '@tuma/kernel/testing';
import { SignedTokens } from '../src/index.ts';

const KEY = Buffer.alloc(32, 7);
const tokens = new SignedTokens(new ReferenceDigests(), () => KEY);

/** What SignedTokens wrote on node:crypto and Buffer, in links already sent: the format must not move. */
const writtenBefore = (purpose: string, payload: string): string =>
  `${Buffer.from(payload).toString('base64url')}.${createHmac('sha256', KEY).update(`mail-${purpose}\n${payload}`).digest().subarray(0, 16).toString('base64url')}`;

describe('mail: signed tokens (the format of links already sent)', () => {
  it('writes the tokens it wrote before', () => {
    expect(tokens.sign('tracking:click', 'em_01HZX\nhttps://example.com/a?b=c&é=ü')).to.equal('ZW1fMDFIWlgKaHR0cHM6Ly9leGFtcGxlLmNvbS9hP2I9YybDqT3DvA.Q6552sixiIhN-CIoidfPmA');
    expect(tokens.sign('unsubscribe', '')).to.equal('.pNrvgpld4cWaflDs1QA8Lw');
    expect(tokens.read('unsubscribe', '.pNrvgpld4cWaflDs1QA8Lw')).to.equal('');
  });

  it('law: writes what node:crypto and Buffer wrote for any purpose and payload, and reads it back', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ unit: 'grapheme' }), (purpose, payload) => {
        const token = tokens.sign(purpose, payload);
        expect(token).to.equal(writtenBefore(purpose, payload));
        expect(tokens.read(purpose, token)).to.equal(payload);
      }),
    );
  });

  it('reads nothing of a token spelled otherwise than it was written (padding, other alphabets, bytes that are no UTF-8)', () => {
    const token = tokens.sign('confirm', 'sa_2');
    const [payload, mac] = token.split('.') as [string, string];
    expect(mac).to.match(/[-_]/);
    for (const spelled of [`${payload}=.${mac}`, `${payload}.${mac}==`, `${payload}.${mac.replace(/-/g, '+').replace(/_/g, '/')}`, `${payload}.${mac}A`, `${payload}.${mac}.`, ` ${token}`]) {
      expect(tokens.read('confirm', spelled), spelled).to.equal(undefined);
    }
    const notUtf8 = Buffer.from([0xff, 0xfe]).toString('base64url');
    expect(tokens.read('confirm', `${notUtf8}.${writtenBefore('confirm', '\uFFFD\uFFFD').split('.')[1]}`)).to.equal(undefined);
  });
});
