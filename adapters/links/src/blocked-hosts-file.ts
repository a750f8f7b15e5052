import { readFileSync } from 'node:fs';
import { BlockedHosts } from '@tuma/links';
import { SHIPPED_BLOCKLIST } from './shipped-blocklist.ts';

/** The shipped blocklist, and the operator's file (BLOCKED_HOSTS_FILE) when given: read once, at start. */
export function readBlockedHosts(extraFile?: string): BlockedHosts {
  const shipped = BlockedHosts.parse(SHIPPED_BLOCKLIST);
  return extraFile ? shipped.union(BlockedHosts.parse(readFileSync(extraFile, 'utf8'))) : shipped;
}
