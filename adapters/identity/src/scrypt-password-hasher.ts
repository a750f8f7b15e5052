import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PoolTicket, SharedPool } from '@tuma/kernel';
import { hashingPool, type PasswordHasher } from '@tuma/identity';

export interface ScryptParameters {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1 (128 MiB and about 0.1-0.3 s a hash). */
export const OWASP_SCRYPT: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

const derive = (password: string, salt: Buffer, { N, r, p }: ScryptParameters): Promise<Buffer> => {
  // scrypt needs 128*N*r bytes; node refuses past 32 MiB unless maxmem allows it.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
};

/**
 * scrypt on libuv's thread pool (off the event loop), each hash in its turn of the process's
 * `SharedPool` (docs/accounts.md, "Hashing"), encoded `scrypt$N$r$p$salt$hash` (base64url),
 * so a hash made with older parameters still verifies and is recognised for rehashing. Passwords
 * are NFKC-normalised first, so one typed on another keyboard or OS still matches.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(
    private readonly parameters: ScryptParameters = OWASP_SCRYPT,
    /** The server passes one sized for its machine (`PASSWORD_HASH_CONCURRENCY`). */
    private readonly pool: SharedPool = hashingPool(2),
  ) {}

  async hash(password: string, ticket?: PoolTicket): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await this.pool.run(ticket, () => derive(password, salt, this.parameters));
    const { N, r, p } = this.parameters;
    return [PREFIX, N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, encoded: string, ticket?: PoolTicket): Promise<boolean> {
    const { parameters, salt, key } = decode(encoded);
    const candidate = await this.pool.run(ticket, () => derive(password, salt, parameters));
    return candidate.length === key.length && timingSafeEqual(candidate, key);
  }

  needsRehash(encoded: string): boolean {
    const { parameters } = decode(encoded);
    return parameters.N !== this.parameters.N || parameters.r !== this.parameters.r || parameters.p !== this.parameters.p;
  }
}

/** A stored hash that is not ours is a fault, not a wrong password. */
function decode(encoded: string): { parameters: ScryptParameters; salt: Buffer; key: Buffer } {
  const [prefix, N, r, p, salt, key, ...rest] = encoded.split('$');
  if (prefix !== PREFIX || !N || !r || !p || !salt || !key || rest.length) throw new Error('Not a scrypt password hash');
  return { parameters: { N: Number(N), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}
