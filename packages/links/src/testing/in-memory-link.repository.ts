import { UndoableMap } from '@tuma/kernel/testing';
import type { LinkListFilter, LinkRepository } from '../application/links/link.repository.port.ts';
import type { LinkEnvironment, LinkSnapshot } from '../domain/links/link.aggregate.ts';

/** Links in a map, with the store's rules: a slug once per domain, newest first, the filters of `list`. */
export class InMemoryLinkRepository implements LinkRepository {
  private readonly links = new UndoableMap<string, LinkSnapshot>();

  async add(link: LinkSnapshot): Promise<boolean> {
    if (this.slugTaken(link)) return false;
    this.links.set(link.id, link);
    return true;
  }

  async save(link: LinkSnapshot): Promise<boolean> {
    if (!this.links.has(link.id)) throw new Error(`Link ${link.id} was never added`);
    if (this.slugTaken(link)) return false;
    // The click count is the click store's: a save never writes it back.
    this.links.set(link.id, { ...link, clicks: this.links.get(link.id)!.clicks });
    return true;
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<LinkSnapshot | undefined> {
    const link = this.links.get(id);
    return link && link.accountId === accountId && link.environment === environment ? link : undefined;
  }

  async findBySlug(domainId: string | null, slug: string): Promise<LinkSnapshot | undefined> {
    return [...this.links.values()].find((link) => link.domainId === domainId && link.slug === slug);
  }

  async list(accountId: string, environment: LinkEnvironment, filter: LinkListFilter): Promise<readonly LinkSnapshot[]> {
    const q = filter.q?.toLowerCase();
    return [...this.links.values()]
      .filter((link) => link.accountId === accountId && link.environment === environment)
      .filter((link) => !q || [link.slug, link.url, link.title ?? ''].some((text) => text.toLowerCase().includes(q)))
      .filter((link) => !filter.campaignId || link.campaignId === filter.campaignId)
      .filter((link) => !filter.tag || link.tags.includes(filter.tag))
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(filter.offset, filter.offset + filter.limit);
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    if (!(await this.find(accountId, environment, id))) return false;
    return this.links.delete(id);
  }

  /** The branded domains' share: a domain removed takes its links with it. */
  removeOnDomain(domainId: string): void {
    for (const link of [...this.links.values()]) if (link.domainId === domainId) this.links.delete(link.id);
  }

  /** The click store's share: raises a link's count. */
  countClicks(linkId: string, clicks: number): void {
    const link = this.links.get(linkId);
    if (link) this.links.set(linkId, { ...link, clicks: link.clicks + clicks });
  }

  private slugTaken(link: LinkSnapshot): boolean {
    return [...this.links.values()].some((other) => other.id !== link.id && other.domainId === link.domainId && other.slug === link.slug);
  }
}
