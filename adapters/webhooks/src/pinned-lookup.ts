import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from '@tuma/webhooks';

/** Answers the connection's lookup with the address checked, whatever DNS would say now. */
export const pinnedLookup =
  (pinned: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    const answer = callback as (error: null, address: string | { address: string; family: number }[], family?: number) => void;
    if (options.all) answer(null, [{ address: pinned.address, family: pinned.family }]);
    else answer(null, pinned.address, pinned.family);
  };
