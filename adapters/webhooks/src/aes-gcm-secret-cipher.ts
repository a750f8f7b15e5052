import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from '@tuma/webhooks';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;

/**
 * Secrets at rest (webhook signing secrets, mail domains' DKIM keys): AES-256-GCM with a random
 * 96-bit IV per seal and the context (the account id, or the domain) as additional authenticated
 * data. Sealed text: `v1.<iv>.<tag>.<ciphertext>`, base64url. The key is read on first use, so a
 * process that never seals or opens a secret never needs it.
 */
export class AesGcmSecretCipher implements SecretCipher {
  private key: Buffer | undefined;

  constructor(private readonly loadKey: () => Buffer) {}

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keyBytes(), iv).setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.keyBytes(), Buffer.from(iv, 'base64url')).setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(`A sealed secret (${context}) does not open with this WEBHOOK_SECRET_KEY (another key sealed it, or the row was altered)`);
    }
  }

  private keyBytes(): Buffer {
    this.key ??= this.loadKey();
    if (this.key.length !== KEY_BYTES) throw new Error(`A webhook secret key must be ${KEY_BYTES} bytes, not ${this.key.length}`);
    return this.key;
  }
}
