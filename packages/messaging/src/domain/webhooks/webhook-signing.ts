import { randomBase62 } from '@tuma/kernel';

/** `whsec_` + 32 base62 characters (about 190 bits), generated on the account's first use of webhooks. */
export const newSigningSecret = (): string => `whsec_${randomBase62(32)}`;

const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** `sha256=<hex>`: HMAC-SHA256 of the raw body keyed with the signing secret (spec: Headers on SMS webhooks). */
export async function signWebhookBody(secret: string, body: string): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `sha256=${hex(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(body)))}`;
}

/** The headers of every attempt to deliver an event: its id is the same on every attempt. */
export const webhookHeaders = (eventId: string, signature: string): Record<string, string> => ({
  'Content-Type': 'application/json',
  'User-Agent': 'Tuma-Webhooks/1.0',
  'X-Webhook-ID': eventId,
  'X-Webhook-Signature': signature,
});
