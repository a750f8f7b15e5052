/**
 * The digests a caller that cannot await needs: synchronous SHA-256 and HMAC-SHA256 (node:crypto in
 * `@tuma/crypto-adapter`). Code that can await uses WebCrypto through `sha256Hex` instead. Text is
 * hashed as UTF-8.
 */
export interface Digests {
  /** The SHA-256 of `text` in lower-case hex. */
  sha256Hex(text: string): string;
  /**
   * The HMAC-SHA256 under `key`, as a function of the message (a string key or message is its
   * UTF-8): the key is prepared once, so a caller signing many messages under one key keeps the
   * function (node 24: 3 µs an HMAC so, 21 µs keyed afresh each time).
   */
  hmacSha256(key: Uint8Array | string): (message: Uint8Array | string) => Uint8Array;
}
