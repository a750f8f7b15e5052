/** Slow, salted password hashes in a self-describing encoding, so parameters can change later. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Whether `password` is the one hashed, in time that does not depend on where they differ. */
  verify(password: string, encoded: string): Promise<boolean>;
  /** Whether `encoded` was made with other parameters than today's: the login that proved the password rehashes it. */
  needsRehash(encoded: string): boolean;
}
