import { hexOf, randomBase62, utf8 } from '@tuma/kernel';
import type { WebhookProfile } from '../profiles/webhook-profile.ts';

/** `whsec_` + 32 base62 characters (about 190 bits), generated on the account's first use of webhooks. */
export const newSigningSecret = (): string => `whsec_${randomBase62(32)}`;

/**
 * The signature of a raw body in a profile's format: `sha256=<hex>`, the HMAC-SHA256 of the body
 * keyed with the signing secret (spec: Headers on SMS webhooks; mail's X-SVC-Signature alike).
 */
export async function signWebhookBody(secret: string, body: string, format: WebhookProfile['signatureFormat'] = 'sha256=hex'): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const digest = hexOf(new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, utf8(body))));
  switch (format) {
    case 'sha256=hex':
      return `sha256=${digest}`;
  }
}
