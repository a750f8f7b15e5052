import type { VerifyAppSnapshot } from '../../domain/apps/verify-app.ts';

/** An account's Verify Apps (shared by its live and test keys, as templates are). */
export interface VerifyAppRepository {
  add(app: VerifyAppSnapshot): Promise<void>;
  save(app: VerifyAppSnapshot): Promise<void>;
  find(accountId: string, id: string): Promise<VerifyAppSnapshot | undefined>;
  /** Oldest first. */
  list(accountId: string): Promise<readonly VerifyAppSnapshot[]>;
  /** Whether it was there to delete. */
  remove(accountId: string, id: string): Promise<boolean>;
  /** The account's default app: `draft` stored when it has none yet (two first uses at once store one). */
  ensureDefault(draft: VerifyAppSnapshot): Promise<VerifyAppSnapshot>;
}
