import type { BrandedDomainRepository, BrandedDomainSnapshot, VerifiedHosts } from '@tuma/links';
import type { Database } from '../database/database.ts';
import type { DatabaseNotifications } from '../database/database-notifications.ts';
import { LINKS_TOPIC } from './caching-link-repository.ts';
import { NotifiedCache } from '../database/notified-cache.ts';

export const LINK_DOMAINS_TOPIC = 'link-domains';

/**
 * The verified branded domains, held in process (they are few: one map of hostnames), emptied in
 * every process whenever a domain is added, changed or removed, so a domain redirects as soon as it
 * is verified and stops at once when deleted. A load reads in a database context of its own (the
 * redirects open none). Removing a domain also empties the links' cache: its links went with it.
 */
export class CachingBrandedDomainRepository implements BrandedDomainRepository {
  private readonly hosts = new NotifiedCache<VerifiedHosts>();

  constructor(
    private readonly inner: BrandedDomainRepository,
    private readonly notifications: DatabaseNotifications,
    private readonly database: Database,
  ) {
    notifications.subscribe(LINK_DOMAINS_TOPIC, this.hosts);
  }

  async add(domain: BrandedDomainSnapshot): Promise<boolean> {
    const added = await this.inner.add(domain);
    if (added) await this.changed();
    return added;
  }

  async save(domain: BrandedDomainSnapshot): Promise<void> {
    await this.inner.save(domain);
    await this.changed();
  }

  find(accountId: string, id: string): Promise<BrandedDomainSnapshot | undefined> {
    return this.inner.find(accountId, id);
  }

  list(accountId: string): Promise<readonly BrandedDomainSnapshot[]> {
    return this.inner.list(accountId);
  }

  verifiedHosts(): Promise<VerifiedHosts> {
    return this.hosts.get('verified', () => this.database.withContext(() => this.inner.verifiedHosts()));
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.inner.remove(accountId, id);
    if (removed) {
      await this.changed();
      await this.notifications.publish(LINKS_TOPIC, {});
    }
    return removed;
  }

  private async changed(): Promise<void> {
    this.hosts.clear();
    await this.notifications.publish(LINK_DOMAINS_TOPIC, {});
  }
}
