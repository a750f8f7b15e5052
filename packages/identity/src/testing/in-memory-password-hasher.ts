import type { PasswordHasher } from '../application/credentials/password-hasher.port.ts';

/**
 * A `PasswordHasher` for unit tests, instant and not a hash: `fake$<version>$<n>$<password>`, the
 * password NFKC-normalised (as scrypt's) and `n` counting hashes so that two of the same password
 * differ, as salted ones do. A hash of another `version` verifies and asks for a rehash, as one
 * made with older parameters does. The real one is `ScryptPasswordHasher` (`@tuma/identity-adapter`).
 */
export class InMemoryPasswordHasher implements PasswordHasher {
  private count = 0;

  constructor(private readonly version = 1) {}

  async hash(password: string): Promise<string> {
    return `fake$${this.version}$${++this.count}$${password.normalize('NFKC')}`;
  }

  async verify(password: string, encoded: string): Promise<boolean> {
    const [prefix, , , ...rest] = encoded.split('$');
    return prefix === 'fake' && rest.join('$') === password.normalize('NFKC');
  }

  needsRehash(encoded: string): boolean {
    return encoded.split('$')[1] !== String(this.version);
  }
}
