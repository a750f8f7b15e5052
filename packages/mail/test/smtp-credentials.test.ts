import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { newSmtpPassword, smtpPasswordHash, smtpPasswordMatches } from '../src/index.ts';

describe('mail: SMTP credentials at rest', () => {
  it('keeps the SHA-256 hex of the password, as node:crypto wrote it (stored hashes stay valid)', async () => {
    const password = newSmtpPassword();
    expect(password).to.match(/^[0-9A-Za-z]{32}$/);
    expect(await smtpPasswordHash(password)).to.equal(createHash('sha256').update(password).digest('hex'));
  });

  it('matches the password hashed, and nothing else', async () => {
    const password = newSmtpPassword();
    const credential = { passwordHash: await smtpPasswordHash(password) };
    expect(await smtpPasswordMatches(credential, password)).to.equal(true);
    expect(await smtpPasswordMatches(credential, `${password}x`)).to.equal(false);
    expect(await smtpPasswordMatches({ passwordHash: credential.passwordHash.slice(1) }, password), 'a shorter stored hash').to.equal(false);
  });
});
