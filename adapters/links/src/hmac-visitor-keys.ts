import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { VisitorKeys } from '@tuma/links';

/**
 * Unique-visitor keys: HMAC-SHA256 under a secret salt of day, address and User-Agent (hex). Without
 * the salt the key cannot be checked against a guessed address; with the day in it, the same
 * visitor on two days gets two unrelated keys. The salt is imported once (a KeyObject), not per click.
 */
export class HmacVisitorKeys implements VisitorKeys {
  private readonly key: KeyObject;

  constructor(salt: Buffer) {
    this.key = createSecretKey(salt);
  }

  keyOf(day: string, address: string, userAgent: string): string {
    return createHmac('sha256', this.key).update(`${day}\n${address}\n${userAgent}`).digest('hex');
  }
}
