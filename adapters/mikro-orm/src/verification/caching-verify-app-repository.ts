import type { VerifyAppRepository, VerifyAppSnapshot } from '@tuma/verification';
import type { Database } from '../database/database.ts';
import type { DatabaseNotifications } from '../database/database-notifications.ts';
import { NotifiedCache } from '../database/notified-cache.ts';

export const VERIFY_APPS_TOPIC = 'verify-apps';

/**
 * The apps a start reads (an account's default, or the one it names: every start) kept in process,
 * emptied in every process whenever any app is added, changed or removed, so a changed template or
 * policy applies to the next start everywhere. Lists read through. A miss reads (and a first use
 * stores the default) in a database context of its own: callers that arrive together share it.
 */
export class CachingVerifyAppRepository implements VerifyAppRepository {
  private readonly apps = new NotifiedCache<VerifyAppSnapshot | undefined>();

  constructor(
    private readonly inner: VerifyAppRepository,
    private readonly notifications: DatabaseNotifications,
    private readonly database: Database,
  ) {
    notifications.subscribe(VERIFY_APPS_TOPIC, this.apps);
  }

  async add(app: VerifyAppSnapshot): Promise<void> {
    await this.inner.add(app);
    await this.changed();
  }

  async save(app: VerifyAppSnapshot): Promise<void> {
    await this.inner.save(app);
    await this.changed();
  }

  find(accountId: string, id: string): Promise<VerifyAppSnapshot | undefined> {
    return this.apps.get(`${accountId}/${id}`, () => this.database.withContext(() => this.inner.find(accountId, id)));
  }

  list(accountId: string): Promise<readonly VerifyAppSnapshot[]> {
    return this.inner.list(accountId);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.inner.remove(accountId, id);
    if (removed) await this.changed();
    return removed;
  }

  async ensureDefault(draft: VerifyAppSnapshot): Promise<VerifyAppSnapshot> {
    return (await this.apps.get(`${draft.accountId}/default`, () => this.database.withContext(() => this.inner.ensureDefault(draft))))!;
  }

  private async changed(): Promise<void> {
    this.apps.clear();
    await this.notifications.publish(VERIFY_APPS_TOPIC, {});
  }
}
