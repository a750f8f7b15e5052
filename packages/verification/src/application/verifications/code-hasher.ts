import { createHmac, createSecretKey, randomInt, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Codes as we keep them: HMAC-SHA256 under a server-side pepper (VERIFY_PEPPER or its key file,
 * docs/verify.md "Codes"), bound to the verification id, so a copy of the database alone cannot
 * try the million codes, and one code's hash says nothing of another's.
 */
export class CodeHasher {
  /**
   * The pepper as a key object, made on first use: given a Buffer, every HMAC would first probe it
   * for a KeyObject and a CryptoKey (node 24: a fifth of a start's hashing time in a profile).
   */
  private key: KeyObject | undefined;

  constructor(private readonly pepper: () => Buffer) {}

  hash(verificationId: string, code: string): string {
    this.key ??= createSecretKey(this.pepper());
    return createHmac('sha256', this.key).update(`${verificationId}:${code}`).digest('hex');
  }

  /** Whether `code` is the one hashed, in time that does not depend on where they differ. */
  matches(verificationId: string, code: string, hash: string): boolean {
    const candidate = Buffer.from(this.hash(verificationId, code), 'hex');
    const stored = Buffer.from(hash, 'hex');
    return candidate.length === stored.length && timingSafeEqual(candidate, stored);
  }
}

/** A code of `length` digits from the CSPRNG; never all zeros, which test keys' fixed code `000000` is made of. */
export function randomCode(length: number): string {
  for (;;) {
    const code = Array.from({ length }, () => String(randomInt(10))).join('');
    if (/[1-9]/.test(code)) return code;
  }
}
