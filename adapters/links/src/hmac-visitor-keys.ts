import { createHmac } from 'node:crypto';
import type { VisitorKeys } from '@tuma/links';

/**
 * Unique-visitor keys: HMAC-SHA256 under a secret salt of day, address and User-Agent (hex). Without
 * the salt the key cannot be checked against a guessed address; with the day in it, the same
 * visitor on two days gets two unrelated keys.
 */
export class HmacVisitorKeys implements VisitorKeys {
  constructor(private readonly salt: Buffer) {}

  keyOf(day: string, address: string, userAgent: string): string {
    return createHmac('sha256', this.salt).update(`${day}\n${address}\n${userAgent}`).digest('hex');
  }
}
