import { constantTimeEqual, hexOf, type Digests } from '@tuma/kernel';

/**
 * Codes as we keep them: HMAC-SHA256 under a server-side pepper (VERIFY_PEPPER or its key file,
 * docs/verify.md "Codes"), bound to the verification id, so a copy of the database alone cannot
 * try the million codes, and one code's hash says nothing of another's.
 */
export class CodeHasher {
  /** The keyed HMAC, made on first use: the pepper is read then, and prepared once (a fifth of a start's hashing time otherwise, node 24). */
  private hmac: ((message: string) => Uint8Array) | undefined;

  constructor(
    private readonly digests: Digests,
    private readonly pepper: () => Uint8Array,
  ) {}

  /** The lower-case hex HMAC of `<verification id>:<code>`. */
  hash(verificationId: string, code: string): string {
    this.hmac ??= this.digests.hmacSha256(this.pepper());
    return hexOf(this.hmac(`${verificationId}:${code}`));
  }

  /** Whether `code` is the one hashed, in time that does not depend on where they differ. */
  matches(verificationId: string, code: string, hash: string): boolean {
    return constantTimeEqual(this.hash(verificationId, code), hash);
  }
}
