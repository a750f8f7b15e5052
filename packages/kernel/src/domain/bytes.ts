/** Bytes without node's Buffer: what domain code needs to write, join and read them. */

const encoder = new TextEncoder();
/** Strict, and keeping a leading BOM (as Buffer's `toString('utf8')` does): text round-trips exactly. */
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The UTF-8 of `text` (a lone surrogate becomes U+FFFD). */
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** The text `bytes` are the UTF-8 of, or undefined when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** `bytes` in lower-case hex, two digits a byte. */
export const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The parts one after the other. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
