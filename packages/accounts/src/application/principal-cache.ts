import { NotifiedCache, type Clock } from '@tuma/kernel';
import type { AccessChange, AccessChangeListener } from './access-changes.port.ts';
import type { Principal } from './authenticate-api-key.use-case.ts';

export interface PrincipalCacheOptions {
  /** A safety net only: changes are heard at once (`AccessChanges`). */
  readonly ttlMs: number;
  /** The oldest entries go first past this many. */
  readonly maxEntries: number;
}

export const DEFAULT_PRINCIPAL_CACHE: PrincipalCacheOptions = { ttlMs: 30_000, maxEntries: 10_000 };

/**
 * The principals this process authenticated recently, keyed by the SHA-256 of their key (never
 * the key itself), so that a request with a known key costs no query: the kernel's
 * `NotifiedCache` told of `AccessChanges`. Entries go when their key or account changes, when they
 * are `ttlMs` old, and all of them whenever changes may have gone unheard; while that is so,
 * nothing is kept. An unknown key is not kept (a key issued later is found at once).
 */
export class PrincipalCache extends NotifiedCache<Principal | undefined> implements AccessChangeListener {
  constructor(clock: Clock, options: PrincipalCacheOptions = DEFAULT_PRINCIPAL_CACHE) {
    super({ ...options, now: () => clock.now().getTime(), keeps: (principal) => principal !== undefined });
  }

  /** Drops the principals of a changed key or account (and every lookup under way). */
  changed(change: AccessChange): void {
    this.forget((principal) => ('keyId' in change ? principal!.apiKey.id === change.keyId : principal!.account.id === change.accountId));
  }
}

/**
 * How a use case that changes access tells every process: `publish` inside its unit of work (the
 * other processes hear it on commit), then `committed` once it has committed, which makes this
 * process's own cache exact at once rather than when its own notification comes back.
 */
export class AccessChangeAnnouncer {
  constructor(
    private readonly changes?: { publish(change: AccessChange): Promise<void> },
    private readonly cache?: PrincipalCache,
  ) {}

  async publish(change: AccessChange): Promise<void> {
    await this.changes?.publish(change);
  }

  committed(change: AccessChange): void {
    this.cache?.changed(change);
  }
}
