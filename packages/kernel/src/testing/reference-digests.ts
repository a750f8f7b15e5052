import type { Digests } from '../application/digests.port.ts';
import { concatBytes, hexOf, utf8 } from '../domain/bytes.ts';

/** FIPS 180-4, 4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = Uint32Array.of(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);
/** FIPS 180-4, 5.3.3: the initial hash value. */
const H0 = Uint32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);
const BLOCK = 64;

const bytesOf = (data: Uint8Array | string): Uint8Array => (typeof data === 'string' ? utf8(data) : data);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** SHA-256 (FIPS 180-4, 6.2), as written in the standard: slow, and plainly right. */
function sha256(message: Uint8Array): Uint8Array {
  const padded = new Uint8Array(Math.ceil((message.length + 9) / BLOCK) * BLOCK);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(message.length / 2 ** 29));
  view.setUint32(padded.length - 4, (message.length * 8) >>> 0);
  const h = H0.slice();
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += BLOCK) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + 4 * t);
    for (let t = 16; t < 64; t++) {
      const [w2, w7, w15, w16] = [w[t - 2]!, w[t - 7]!, w[t - 15]!, w[t - 16]!];
      w[t] = (rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10)) + w7 + (rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3)) + w16;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let t = 0; t < 64; t++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((value, i) => (h[i] = h[i]! + value));
  }
  const digest = new Uint8Array(32);
  h.forEach((word, i) => new DataView(digest.buffer).setUint32(4 * i, word));
  return digest;
}

/** HMAC (RFC 2104) over SHA-256: a key longer than the block is hashed first, then zero-padded to it. */
function hmacSha256(key: Uint8Array): (message: Uint8Array) => Uint8Array {
  const block = new Uint8Array(BLOCK);
  block.set(key.length > BLOCK ? sha256(key) : key);
  const inner = block.map((byte) => byte ^ 0x36);
  const outer = block.map((byte) => byte ^ 0x5c);
  return (message) => sha256(concatBytes(outer, sha256(concatBytes(inner, message))));
}

/**
 * `Digests` in plain TypeScript (no node:crypto): domain packages' tests get real digests, and
 * `@tuma/crypto-adapter`'s tests a second implementation to agree with.
 */
export class ReferenceDigests implements Digests {
  sha256Hex(text: string): string {
    return hexOf(sha256(utf8(text)));
  }

  hmacSha256(key: Uint8Array | string): (message: Uint8Array | string) => Uint8Array {
    const mac = hmacSha256(bytesOf(key));
    return (message) => mac(bytesOf(message));
  }
}
