/**
 * How a store keeps signing secrets at rest. The context (the account id) is bound to the sealed
 * text, so a sealed secret copied to another account's row does not open.
 */
export interface SecretCipher {
  seal(plaintext: string, context: string): string;
  /** Throws when the text was not sealed with this key and context (a bug or a wrong key, not a user error). */
  open(sealed: string, context: string): string;
}
