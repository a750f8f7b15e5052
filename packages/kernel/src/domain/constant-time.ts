import { utf8 } from './bytes.ts';

/**
 * Whether two byte strings (or texts, as UTF-8) are equal, in time that depends only on their
 * lengths, not on where they differ: for secrets, MACs and their hashes.
 */
export function constantTimeEqual(left: string | Uint8Array, right: string | Uint8Array): boolean {
  const a = typeof left === 'string' ? utf8(left) : left;
  const b = typeof right === 'string' ? utf8(right) : right;
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}
