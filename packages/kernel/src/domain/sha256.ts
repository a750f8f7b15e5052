/**
 * The SHA-256 of `text` (UTF-8) in lower-case hex, through WebCrypto: the one digest of the domain
 * packages (API keys, account-service tokens, SMTP passwords at rest, request fingerprints).
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
