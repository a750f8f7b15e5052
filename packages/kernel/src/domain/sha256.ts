import { hexOf, utf8 } from './bytes.ts';

/**
 * The SHA-256 of `text` (UTF-8) in lower-case hex, through WebCrypto: the digest of domain code
 * that can await (API keys, account-service tokens, SMTP passwords at rest, request fingerprints).
 */
export async function sha256Hex(text: string): Promise<string> {
  return hexOf(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8(text))));
}
