import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { AesGcmSecretCipher } from '../src/index.ts';

describe('AesGcmSecretCipher', () => {
  const key = randomBytes(32);
  const cipher = new AesGcmSecretCipher(() => key);

  it('opens what it sealed, for the same account only; every seal differs (random IV)', () => {
    const sealed = cipher.seal('whsec_abc', 'acc_1');
    expect(sealed).to.match(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/).and.not.include('whsec_abc');
    expect(cipher.open(sealed, 'acc_1')).to.equal('whsec_abc');
    expect(cipher.seal('whsec_abc', 'acc_1')).to.not.equal(sealed);
    expect(() => cipher.open(sealed, 'acc_2')).to.throw(/does not open/);
  });

  it('refuses text sealed with another key, altered text and anything that is not sealed', () => {
    const sealed = cipher.seal('whsec_abc', 'acc_1');
    expect(() => new AesGcmSecretCipher(() => randomBytes(32)).open(sealed, 'acc_1')).to.throw(/does not open/);
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => cipher.open([version, iv, tag, flipped.toString('base64url')].join('.'), 'acc_1')).to.throw(/does not open/);
    expect(() => cipher.open('whsec_abc', 'acc_1')).to.throw(/Not a sealed secret/);
  });

  it('reads its key on first use only, and refuses a key that is not 32 bytes', () => {
    let loads = 0;
    const lazy = new AesGcmSecretCipher(() => {
      loads++;
      return key;
    });
    expect(loads).to.equal(0);
    lazy.open(lazy.seal('x', 'acc'), 'acc');
    expect(loads).to.equal(1);
    expect(() => new AesGcmSecretCipher(() => randomBytes(16)).seal('x', 'acc')).to.throw(/must be 32 bytes/);
  });
});
