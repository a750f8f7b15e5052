import { readFileSync } from 'node:fs';
import { BlockedHosts } from '@tuma/links';

/** The blocklist shipped with the adapter (`data/blocked-hosts.txt`). */
export const SHIPPED_BLOCKLIST = new URL('../data/blocked-hosts.txt', import.meta.url);

/** The shipped blocklist, and the operator's file (BLOCKED_HOSTS_FILE) when given; read once, at start. */
export function readBlockedHosts(extraFile?: string): BlockedHosts {
  const shipped = BlockedHosts.parse(readFileSync(SHIPPED_BLOCKLIST, 'utf8'));
  return extraFile ? shipped.union(BlockedHosts.parse(readFileSync(extraFile, 'utf8'))) : shipped;
}
