import type { LinkEnvironment, LinkSnapshot } from '../../domain/links/link.aggregate.ts';

export interface LinkListFilter {
  readonly limit: number;
  readonly offset: number;
  /** Case-insensitive, in the slug, the URL or the title. */
  readonly q?: string;
  readonly campaignId?: string;
  readonly tag?: string;
}

/**
 * The links' store. A slug is unique per domain (the default short domain being one), whatever the
 * account or environment: `add` and `save` answer false when another link has it.
 */
export interface LinkRepository {
  add(link: LinkSnapshot): Promise<boolean>;
  save(link: LinkSnapshot): Promise<boolean>;
  /** The account's link of that environment. */
  find(accountId: string, environment: LinkEnvironment, id: string): Promise<LinkSnapshot | undefined>;
  /** The link a short URL names: its domain (null for the default one) and slug. */
  findBySlug(domainId: string | null, slug: string): Promise<LinkSnapshot | undefined>;
  /** Newest first. */
  list(accountId: string, environment: LinkEnvironment, filter: LinkListFilter): Promise<readonly LinkSnapshot[]>;
  remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean>;
}
