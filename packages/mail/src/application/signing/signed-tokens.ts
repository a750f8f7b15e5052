import { base64url, constantTimeEqual, fromBase64url, utf8, utf8Text, type Digests } from '@tuma/kernel';

const MAC_BYTES = 16;

/**
 * Tokens the mail API hands out in links (tracking, sender-address confirmation): `<payload>.<mac>`
 * in base64url, the MAC the first 128 bits of an HMAC-SHA256, under the server's mail token key
 * (MAIL_TOKEN_KEY), of the token's purpose and its payload. A token reads back only as what was
 * signed for that purpose: altered in any byte, made without the key, or signed for another
 * purpose, it reads as nothing. Compared in constant time. Synchronous (`Digests`): tracking links
 * are signed while an email's html is rewritten.
 */
export class SignedTokens {
  /** The keyed HMAC, made on first use (the key is read then, and prepared once). */
  private hmac: ((message: string) => Uint8Array) | undefined;

  constructor(
    private readonly digests: Digests,
    private readonly key: () => Uint8Array,
  ) {}

  sign(purpose: string, payload: string): string {
    return `${base64url(utf8(payload))}.${base64url(this.mac(purpose, payload))}`;
  }

  /** The payload of a token signed for `purpose`, or undefined. */
  read(purpose: string, token: string): string | undefined {
    const [encoded, mac, ...rest] = token.split('.');
    if (encoded === undefined || !mac || rest.length > 0) return undefined;
    // Strict decoding: the token must be exactly what `sign` writes, its payload UTF-8.
    const bytes = fromBase64url(encoded);
    const payload = bytes && utf8Text(bytes);
    const given = fromBase64url(mac);
    if (payload === undefined || given?.length !== MAC_BYTES) return undefined;
    return constantTimeEqual(given, this.mac(purpose, payload)) ? payload : undefined;
  }

  private mac(purpose: string, payload: string): Uint8Array {
    this.hmac ??= this.digests.hmacSha256(this.key());
    return this.hmac(`mail-${purpose}\n${payload}`).subarray(0, MAC_BYTES);
  }
}
