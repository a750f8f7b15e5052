/**
 * Checking that a webhook came from Tuma: every product signs the raw body with HMAC-SHA256 keyed
 * with the webhook's signing secret, as `sha256=<hex>` (docs/webhooks.md). SMS, Verify and Two-Way
 * put it in `X-Webhook-Signature`; mail and links in `X-SVC-Signature`. WebCrypto only, so it runs
 * in Node, Deno, Bun, workers and browsers alike; `crypto.subtle.verify` compares in constant time.
 */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface WebhookCheck {
  /** The body exactly as it arrived, before any JSON parsing. */
  readonly body: string | Uint8Array;
  readonly headers: WebhookHeaders;
  /** The webhook's signing secret; during a rotation, the new one and the old one. */
  readonly secret: string | readonly string[];
}

const encoder = new TextEncoder();

/** True when `X-Webhook-Signature` signs the body with the secret (SMS, Verify, Two-Way webhooks). */
export function verifySmsWebhook(check: WebhookCheck): Promise<boolean> {
  return verifyWebhookSignature(check.body, header(check.headers, 'x-webhook-signature'), check.secret);
}

/** True when `X-SVC-Signature` signs the body with the secret (mail and links webhooks). */
export function verifyMailWebhook(check: WebhookCheck): Promise<boolean> {
  return verifyWebhookSignature(check.body, header(check.headers, 'x-svc-signature'), check.secret);
}

/** True when `signature` is `sha256=<hex HMAC-SHA256 of body>` under one of the secrets. */
export async function verifyWebhookSignature(body: string | Uint8Array, signature: string | null, secret: string | readonly string[]): Promise<boolean> {
  const digest = signature === null ? null : hexBytes(signature.trim().replace(/^sha256=/, ''));
  if (digest === null || digest.length !== 32) return false;
  const data = typeof body === 'string' ? encoder.encode(body) : body;
  for (const candidate of typeof secret === 'string' ? [secret] : secret) {
    const key = await crypto.subtle.importKey('raw', encoder.encode(candidate), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    if (await crypto.subtle.verify('HMAC', key, digest, data)) return true;
  }
  return false;
}

function header(headers: WebhookHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof entry === 'string' ? entry : (entry?.[0] ?? null);
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
