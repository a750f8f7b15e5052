import type { LinkEnvironment, LinkListFilter, LinkRepository, LinkSnapshot } from '@tuma/links';
import type { Database } from '../database/database.ts';
import type { DatabaseNotifications } from '../database/database-notifications.ts';
import { NotifiedCache } from '../database/notified-cache.ts';

export const LINKS_TOPIC = 'links';

/**
 * The redirects' lookup (a link by domain and slug: every click) kept in process, emptied in every
 * process whenever any link is added, changed or removed (`DatabaseNotifications`), so a changed
 * target, a new password or a deletion takes effect at once everywhere. Everything else reads
 * through. A cached link's `clicks` is not kept fresh: redirects do not read it. A miss reads in a
 * database context of its own, so the redirect route needs none per request (`withoutDatabase`).
 */
export class CachingLinkRepository implements LinkRepository {
  private readonly bySlug = new NotifiedCache<LinkSnapshot | undefined>();

  constructor(
    private readonly inner: LinkRepository,
    private readonly notifications: DatabaseNotifications,
    private readonly database: Database,
  ) {
    notifications.subscribe(LINKS_TOPIC, this.bySlug);
  }

  async add(link: LinkSnapshot): Promise<boolean> {
    const added = await this.inner.add(link);
    if (added) await this.changed();
    return added;
  }

  async save(link: LinkSnapshot): Promise<boolean> {
    const saved = await this.inner.save(link);
    if (saved) await this.changed();
    return saved;
  }

  find(accountId: string, environment: LinkEnvironment, id: string): Promise<LinkSnapshot | undefined> {
    return this.inner.find(accountId, environment, id);
  }

  findBySlug(domainId: string | null, slug: string): Promise<LinkSnapshot | undefined> {
    return this.bySlug.get(`${domainId ?? ''}/${slug}`, () => this.database.withContext(() => this.inner.findBySlug(domainId, slug)));
  }

  list(accountId: string, environment: LinkEnvironment, filter: LinkListFilter): Promise<readonly LinkSnapshot[]> {
    return this.inner.list(accountId, environment, filter);
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    const removed = await this.inner.remove(accountId, environment, id);
    if (removed) await this.changed();
    return removed;
  }

  private async changed(): Promise<void> {
    this.bySlug.clear();
    await this.notifications.publish(LINKS_TOPIC, {});
  }
}
