import { randomBase62 } from '@tuma/kernel';
import type { KeyEnvironment } from './api-key.aggregate.ts';

const ID_LENGTH = 8;
const SECRET_LENGTH = 32;
const ENVIRONMENT_PREFIX: Record<KeyEnvironment, string> = { live: 'svc_live_', test: 'svc_test_' };
const PREFIX_LENGTH = ENVIRONMENT_PREFIX.live.length + ID_LENGTH;

/** `svc_live_` + 8-character public id + 32-character secret (190 bits of entropy). */
export function generateKeySecret(environment: KeyEnvironment): string {
  return `${ENVIRONMENT_PREFIX[environment]}${randomBase62(ID_LENGTH)}${randomBase62(SECRET_LENGTH)}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function environmentOf(token: string): KeyEnvironment | undefined {
  if (token.startsWith(ENVIRONMENT_PREFIX.live)) return 'live';
  if (token.startsWith(ENVIRONMENT_PREFIX.test)) return 'test';
  return undefined;
}

/**
 * The visible, indexed part of a key. Customer keys show their environment prefix and public id;
 * an operator key is arbitrary text, so it is identified by a digest fragment that reveals nothing.
 */
export async function lookupPrefixOf(token: string): Promise<string> {
  if (environmentOf(token) && token.length > PREFIX_LENGTH) return token.slice(0, PREFIX_LENGTH);
  return `op_${(await sha256Hex(token)).slice(0, 12)}`;
}
