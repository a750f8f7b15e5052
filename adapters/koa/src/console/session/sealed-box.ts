import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals small JSON values for a cookie: AES-256-GCM with a key derived from the server's console
 * key (HMAC-SHA256, labelled), so the browser holds text it can neither read nor alter. Anything
 * that fails to open (another key, a changed byte, another version) is simply no value.
 */
export class SealedBox {
  private readonly key: Buffer;

  constructor(secret: Buffer) {
    if (secret.length < 32) throw new Error('The console cookie key must be at least 32 bytes');
    this.key = createHmac('sha256', secret).update('tuma-console-cookie/v1').digest();
  }

  seal(value: unknown): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string | undefined): unknown {
    if (!sealed?.startsWith(`${VERSION}.`)) return undefined;
    const bytes = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      return JSON.parse(text);
    } catch {
      // A forged, truncated or foreign cookie: treated as none (the visitor is signed out).
      return undefined;
    }
  }
}
