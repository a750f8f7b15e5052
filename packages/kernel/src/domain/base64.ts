/** Base64 (RFC 4648) without node's Buffer: attachments' content, and the url-safe form of signed tokens. */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ascii = new TextDecoder();

function encode(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  const symbols = Uint8Array.from(alphabet, (char) => char.charCodeAt(0));
  const whole = bytes.length - (bytes.length % 3);
  const tail = bytes.length - whole;
  // Written as ASCII bytes and decoded once: a 40 MB attachment is one string, not a rope of millions.
  const out = new Uint8Array((whole / 3) * 4 + (tail === 0 ? 0 : pad ? 4 : tail + 1));
  let at = 0;
  const put = (value: number, count: number) => {
    for (let shift = 18; count > 0; shift -= 6, count--) out[at++] = symbols[(value >>> shift) & 63]!;
  };
  for (let i = 0; i < whole; i += 3) put((bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!, 4);
  if (tail > 0) {
    put((bytes[whole]! << 16) | ((bytes[whole + 1] ?? 0) << 8), tail + 1);
    if (pad) out.fill(61, at); // '='
  }
  return ascii.decode(out);
}

/** Base64 with padding (`+/`): MIME's, as mail's attachments are kept. */
export const base64 = (bytes: Uint8Array): string => encode(bytes, BASE64, true);

/** Base64url without padding (`-_`): what goes in a URL. */
export const base64url = (bytes: Uint8Array): string => encode(bytes, BASE64URL, false);

const BASE64URL_VALUES = new Map(Array.from(BASE64URL, (char, value) => [char, value]));

/**
 * The bytes of a base64url text, or undefined for any text `base64url` would not have written
 * (padding, other characters, an impossible length, unused bits set): so a signed token reads
 * back only from its one spelling.
 */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined;
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let at = 0;
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = BASE64URL_VALUES.get(char);
    if (digit === undefined) return undefined;
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = value >>> bits;
      value &= (1 << bits) - 1;
    }
  }
  return value === 0 ? bytes : undefined;
}
