import { constantTimeEqual, err, ok, type Result } from '@tuma/kernel';

/**
 * The Sender Rewriting Scheme (SRS0, as libsrs2 and postsrsd write it) for forwarded mail
 * (docs/mail.md, "Forwards"): the envelope sender `amina@example.org` of a message we forward
 * becomes `SRS0=<hash>=<tt>=example.org=amina@<our host>`, so that the receiver's SPF check is
 * against our host, and a bounce comes back to us, who can tell it is ours (the hash, keyed by a
 * server secret) and recent (the timestamp), then read the original sender back.
 *
 * - `tt`: the day (UTC days since 1970, modulo 1024) in two base32 characters.
 * - `hash`: HMAC-SHA256 of `tt`, the domain and the local part (lower-cased: mail servers may
 *   change the case of a local part), its first 8 base32 characters (40 bits).
 * - An address older than `SRS_MAX_AGE_DAYS` is refused (libsrs2's default: 21 days).
 * - A sender that is already an SRS address of someone else is wrapped again as it is (no SRS1
 *   shortening): longer, but read back the same way.
 */
export const SRS_MAX_AGE_DAYS = 21;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const DAY_MS = 86_400_000;
const HASH_LENGTH = 8;
const SRS0 = /^srs0=([a-z2-7]{8})=([a-z2-7]{2})=([^=@]+)=(.+)$/i;

export type SrsRefusal = 'not_srs' | 'bad_hash' | 'expired';

function base32(bytes: Uint8Array, length: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length === length) break;
  }
  return out;
}

const dayOf = (now: Date): number => Math.floor(now.getTime() / DAY_MS) % 1024;
const stamp = (day: number): string => BASE32[day >> 5]! + BASE32[day & 31]!;
const dayOfStamp = (tt: string): number => BASE32.indexOf(tt[0]!) * 32 + BASE32.indexOf(tt[1]!);

async function hashOf(key: Uint8Array, tt: string, domain: string, local: string): Promise<string> {
  const hmacKey = await globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await globalThis.crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(`${tt}=${domain}=${local}`.toLowerCase()));
  return base32(new Uint8Array(mac), HASH_LENGTH);
}

/** The SRS0 address of `sender` at `host`. An empty sender (a bounce) has nothing to rewrite: it stays empty. */
export async function srsEncode(sender: string, host: string, key: Uint8Array, now: Date): Promise<string> {
  const at = sender.lastIndexOf('@');
  if (sender === '' || at <= 0) return sender;
  const [local, domain] = [sender.slice(0, at), sender.slice(at + 1)];
  const tt = stamp(dayOf(now));
  return `SRS0=${await hashOf(key, tt, domain, local)}=${tt}=${domain}=${local}@${host}`;
}

/** The original sender of an SRS0 address of ours, or why not: not one, a hash we did not make, or too old. */
export async function srsDecode(address: string, key: Uint8Array, now: Date): Promise<Result<string, SrsRefusal>> {
  const at = address.lastIndexOf('@');
  const parts = SRS0.exec(at <= 0 ? '' : address.slice(0, at));
  if (!parts) return err('not_srs');
  const [, hash, tt, domain, local] = parts as unknown as [string, string, string, string, string];
  if (!constantTimeEqual(await hashOf(key, tt.toLowerCase(), domain, local), hash.toLowerCase())) return err('bad_hash');
  const age = (dayOf(now) - dayOfStamp(tt.toLowerCase()) + 1024) % 1024;
  if (age > SRS_MAX_AGE_DAYS) return err('expired');
  return ok(`${local}@${domain}`);
}

/** Whether an address is written as an SRS0 address (of ours or not): mail to it is a bounce of forwarded mail. */
export const isSrsAddress = (address: string): boolean => /^srs0=/i.test(address);
