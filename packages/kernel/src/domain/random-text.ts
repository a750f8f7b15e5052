const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DIGITS = '0123456789';

/** `length` symbols of `alphabet`, each equally likely, from the CSPRNG: bytes at or past the last whole multiple of its size are drawn again. */
function randomText(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** `length` characters from [A-Za-z0-9], each equally likely, from the CSPRNG (about 5.95 bits each). */
export const randomBase62 = (length: number): string => randomText(BASE62, length);

/** `length` decimal digits, each equally likely, from the CSPRNG: one-time codes. */
export const randomDigits = (length: number): string => randomText(DIGITS, length);
