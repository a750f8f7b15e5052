import type { BrandedDomainSnapshot } from '../../domain/domains/branded-domain.aggregate.ts';

/** The verified domains, both ways: what redirects (by Host), the TLS ask endpoint and short URLs read. */
export interface VerifiedHosts {
  /** Domain id by hostname. */
  readonly byHostname: ReadonlyMap<string, string>;
  /** Hostname by domain id. */
  readonly byId: ReadonlyMap<string, string>;
}

/**
 * Branded domains. A hostname is held once across every account: `add` answers false when it is
 * taken. Removing a domain removes the links on it (and their clicks).
 */
export interface BrandedDomainRepository {
  add(domain: BrandedDomainSnapshot): Promise<boolean>;
  save(domain: BrandedDomainSnapshot): Promise<void>;
  /** The account's domain. */
  find(accountId: string, id: string): Promise<BrandedDomainSnapshot | undefined>;
  /** Oldest first. */
  list(accountId: string): Promise<readonly BrandedDomainSnapshot[]>;
  /** Every verified domain (a few bytes each: they are few, and held in memory by the redirects' cache). */
  verifiedHosts(): Promise<VerifiedHosts>;
  /** False when the account has no such domain. Its links go with it. */
  remove(accountId: string, id: string): Promise<boolean>;
}
