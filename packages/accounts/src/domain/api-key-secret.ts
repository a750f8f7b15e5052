import { randomBase62, sha256Hex } from '@tuma/kernel';
import type { KeyEnvironment } from './api-key.aggregate.ts';

const ID_LENGTH = 8;
const SECRET_LENGTH = 32;
const ENVIRONMENT_PREFIX: Record<KeyEnvironment, string> = { live: 'svc_live_', test: 'svc_test_' };
const PRODUCT_PREFIX = { mail: 'svc_k_', links: 'svc_l_' } as const;
const KEY_PREFIXES = [ENVIRONMENT_PREFIX.live, ENVIRONMENT_PREFIX.test, PRODUCT_PREFIX.mail, PRODUCT_PREFIX.links];

/** What a new key starts with: its environment's prefix (SMS), or the mail or links API's (whatever the environment). */
export type KeyFormat = KeyEnvironment | keyof typeof PRODUCT_PREFIX;

/** `svc_live_` (or `svc_test_`, `svc_k_`, `svc_l_`) + 8-character public id + 32-character secret (190 bits of entropy). */
export function generateKeySecret(format: KeyFormat): string {
  const prefix = format === 'mail' || format === 'links' ? PRODUCT_PREFIX[format] : ENVIRONMENT_PREFIX[format];
  return `${prefix}${randomBase62(ID_LENGTH)}${randomBase62(SECRET_LENGTH)}`;
}

export function environmentOf(token: string): KeyEnvironment | undefined {
  if (token.startsWith(ENVIRONMENT_PREFIX.live)) return 'live';
  if (token.startsWith(ENVIRONMENT_PREFIX.test)) return 'test';
  return undefined;
}

/**
 * The visible, indexed part of a key. Customer keys show their prefix (`svc_live_`, `svc_k_`) and public id;
 * an operator key is arbitrary text, so it is identified by a digest fragment that reveals nothing.
 */
export async function lookupPrefixOf(token: string): Promise<string> {
  const prefix = KEY_PREFIXES.find((candidate) => token.startsWith(candidate));
  if (prefix && token.length > prefix.length + ID_LENGTH) return token.slice(0, prefix.length + ID_LENGTH);
  return `op_${(await sha256Hex(token)).slice(0, 12)}`;
}
