import { UndoableMap } from '@tuma/kernel/testing';
import type { BrandedDomainRepository, VerifiedHosts } from '../application/domains/branded-domain.repository.port.ts';
import type { BrandedDomainSnapshot } from '../domain/domains/branded-domain.aggregate.ts';
import type { InMemoryLinkRepository } from './in-memory-link.repository.ts';

/** Branded domains in a map: a hostname once across accounts; removing one removes its links from the links' fake. */
export class InMemoryBrandedDomainRepository implements BrandedDomainRepository {
  private readonly domains = new UndoableMap<string, BrandedDomainSnapshot>();

  constructor(private readonly links?: InMemoryLinkRepository) {}

  async add(domain: BrandedDomainSnapshot): Promise<boolean> {
    if ([...this.domains.values()].some((other) => other.hostname === domain.hostname)) return false;
    this.domains.set(domain.id, domain);
    return true;
  }

  async save(domain: BrandedDomainSnapshot): Promise<void> {
    if (!this.domains.has(domain.id)) throw new Error(`Domain ${domain.id} was never added`);
    this.domains.set(domain.id, domain);
  }

  async find(accountId: string, id: string): Promise<BrandedDomainSnapshot | undefined> {
    const domain = this.domains.get(id);
    return domain?.accountId === accountId ? domain : undefined;
  }

  async list(accountId: string): Promise<readonly BrandedDomainSnapshot[]> {
    return [...this.domains.values()].filter((domain) => domain.accountId === accountId).sort((x, y) => (x.id < y.id ? -1 : 1));
  }

  async verifiedHosts(): Promise<VerifiedHosts> {
    const verified = [...this.domains.values()].filter((domain) => domain.verified);
    return { byHostname: new Map(verified.map((d) => [d.hostname, d.id])), byId: new Map(verified.map((d) => [d.id, d.hostname])) };
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    if (!(await this.find(accountId, id))) return false;
    this.links?.removeOnDomain(id);
    return this.domains.delete(id);
  }
}
