import type { Clock } from '@tuma/kernel';
import type { AccessChange, AccessChangeListener } from './access-changes.port.ts';
import type { Principal } from './authenticate-api-key.use-case.ts';

export interface PrincipalCacheOptions {
  /** A safety net only: changes are heard at once (`AccessChanges`). */
  readonly ttlMs: number;
  /** The oldest entries go first past this many. */
  readonly maxEntries: number;
}

export const DEFAULT_PRINCIPAL_CACHE: PrincipalCacheOptions = { ttlMs: 30_000, maxEntries: 10_000 };

interface Entry {
  readonly principal: Principal;
  readonly expiresAt: number;
}

/**
 * The principals this process authenticated recently, keyed by the SHA-256 of their key (never
 * the key itself), so that a request with a known key costs no query. Entries go when their key
 * or account changes (heard through `AccessChanges`), when they are `ttlMs` old, and all of them
 * whenever changes may have gone unheard; while that is so, nothing is stored.
 *
 * A lookup that missed stores its answer only if nothing was forgotten since it began
 * (`generation`), so an answer read before a change can never outlive the change.
 */
export class PrincipalCache implements AccessChangeListener {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private hearing = false;

  constructor(
    private readonly clock: Clock,
    private readonly options: PrincipalCacheOptions = DEFAULT_PRINCIPAL_CACHE,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(keyHash: string): Principal | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry.principal;
  }

  /** Call before reading what `store` will be given: the token `store` checks. */
  beginLookup(): number {
    return this.generation;
  }

  store(keyHash: string, principal: Principal, lookup: number): void {
    if (!this.hearing || lookup !== this.generation) return;
    this.entries.delete(keyHash);
    this.entries.set(keyHash, { principal, expiresAt: this.clock.now().getTime() + this.options.ttlMs });
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops the principals of a changed key or account. */
  forget(change: AccessChange): void {
    this.generation++;
    for (const [hash, { principal }] of this.entries) {
      if ('keyId' in change ? principal.apiKey.id === change.keyId : principal.account.id === change.accountId) this.entries.delete(hash);
    }
  }

  changed(change: AccessChange): void {
    this.forget(change);
  }

  interrupted(): void {
    this.hearing = false;
    this.clear();
  }

  resumed(): void {
    this.hearing = true;
    this.clear();
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
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
    this.cache?.forget(change);
  }
}
