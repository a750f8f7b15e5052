import { expect } from 'chai';
import { OWASP_SCRYPT, ScryptPasswordHasher } from '../src/index.ts';

/** Cheap scrypt for the tests of anything but the OWASP cost. */
const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

describe('identity adapter: password hashes (scrypt)', () => {
  it('hashes at the OWASP parameters (N=2^17, r=8, p=1) off the event loop, and verifies', async () => {
    const hasher = new ScryptPasswordHasher();
    const hash = await hasher.hash('correct horse battery');
    expect(hash).to.match(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hasher.verify('correct horse battery', hash)).to.equal(true);
    expect(OWASP_SCRYPT).to.deep.equal({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('salts each hash, refuses other passwords, and compares NFKC-normalised text', async () => {
    const hasher = new ScryptPasswordHasher(TEST_SCRYPT);
    const [one, two] = [await hasher.hash('pässword long'), await hasher.hash('pässword long')];
    expect(one).to.not.equal(two);
    expect(await hasher.verify('pässword long', two)).to.equal(true);
    expect(await hasher.verify('pa\u0308ssword long', one)).to.equal(true);
    expect(await hasher.verify('passwörd long', one)).to.equal(false);
  });

  it('reads the parameters back from the hash: an older one still verifies and asks for a rehash', async () => {
    const old = await new ScryptPasswordHasher({ N: 2 ** 9, r: 8, p: 1 }).hash('correct horse battery');
    const hasher = new ScryptPasswordHasher(TEST_SCRYPT);
    expect(await hasher.verify('correct horse battery', old)).to.equal(true);
    expect(hasher.needsRehash(old)).to.equal(true);
    expect(hasher.needsRehash(await hasher.hash('correct horse battery'))).to.equal(false);
  });
});
