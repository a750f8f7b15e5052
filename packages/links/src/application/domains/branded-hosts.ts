import type { LinkSnapshot } from '../../domain/links/link.aggregate.ts';
import { hostOfHeader } from '../../domain/domains/hostname.ts';
import type { BrandedDomainRepository } from './branded-domain.repository.port.ts';

/**
 * The short domains a link lives on: the default one (`SHORT_BASE_URL`) and the verified branded
 * domains, by `Host` at their root path (docs/links.md, "Branded domains"). Hosts are looked up in
 * `verifiedHosts`, which the server's repository keeps in memory (emptied on every change).
 */
export class BrandedHosts {
  constructor(
    private readonly domains: BrandedDomainRepository,
    private readonly defaultBase: () => string,
  ) {}

  /** The verified branded domain a request's `Host` names, if any. */
  async domainOf(host: string | undefined): Promise<string | undefined> {
    const hostname = hostOfHeader(host);
    return hostname === undefined ? undefined : (await this.domains.verifiedHosts()).byHostname.get(hostname);
  }

  /** Caddy's on-demand TLS `ask`: a certificate only for a verified branded domain. */
  async servesTls(domain: string): Promise<boolean> {
    return (await this.domainOf(domain)) !== undefined;
  }

  /** The link's short URL: `SHORT_BASE_URL/<slug>`, or `https://<hostname>/<slug>` on a branded domain. */
  async shortUrlOf(link: Pick<LinkSnapshot, 'accountId' | 'domainId' | 'slug'>): Promise<string> {
    if (link.domainId === null) return `${this.defaultBase()}/${link.slug}`;
    const hostname = (await this.domains.verifiedHosts()).byId.get(link.domainId) ?? (await this.domains.find(link.accountId, link.domainId))?.hostname;
    if (hostname === undefined) throw new Error(`Domain ${link.domainId} of link ${link.slug} is missing`);
    return `https://${hostname}/${link.slug}`;
  }
}
