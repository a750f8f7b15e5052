import { hash } from 'node:crypto';
import type { VisitorKeys } from '@tuma/links';

/**
 * Unique-visitor keys: SHA-256 of a secret salt, the day, the address and the User-Agent (hex).
 * Without the salt the key cannot be checked against a guessed address; with the day in it, the
 * same visitor on two days gets two unrelated keys. A one-shot hash of the salted text rather than
 * an HMAC: the keys are never shown to anyone, so a forged extension of one proves nothing, and it
 * costs a quarter of an HMAC's time on every click (docs/performance.md).
 */
export class SaltedVisitorKeys implements VisitorKeys {
  private readonly salt: string;

  constructor(salt: Buffer) {
    this.salt = salt.toString('hex');
  }

  keyOf(day: string, address: string, userAgent: string): string {
    return hash('sha256', `${this.salt}\n${day}\n${address}\n${userAgent}`);
  }
}
