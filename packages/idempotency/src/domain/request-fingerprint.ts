import { sha256Hex } from '@tuma/kernel';

/** JSON with every object's keys in order: equal for bodies that differ only in key order or whitespace. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.keys(inner).sort().map((name) => [name, (inner as Record<string, unknown>)[name]]))
      : inner,
  );
}

/**
 * What "the same request" means for an idempotency key: the same operation (method and route) and
 * the same body as JSON, whatever its key order or whitespace. SHA-256 hex, so that a 10 MB bulk
 * send is remembered in 64 characters.
 */
export async function requestFingerprint(operation: string, body: unknown): Promise<string> {
  return sha256Hex(canonicalJson([operation, body]));
}
