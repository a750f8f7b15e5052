/** The contract suite of the links' store. */
import { expect } from 'chai';
import type { LinkRepository } from '../application/links/link.repository.port.ts';
import { Link, type LinkChanges, type LinkEnvironment, type LinkSnapshot } from '../domain/links/link.aggregate.ts';

export interface LinkRepositoryFixture {
  /** An empty store. */
  readonly repository: LinkRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** A campaign of the first account (live) that exists. */
  readonly campaignId: string;
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = Date.UTC(2026, 10, 25, 8, 0, 0, 123);

export const newLink = (accountId: string, slug: string, n = 0, changes: LinkChanges & { environment?: LinkEnvironment } = {}): LinkSnapshot =>
  Link.create({ accountId, environment: changes.environment ?? 'live', domainId: null, slug, url: `https://shop.example/${slug}`, ...changes }, new Date(AT + n * 1000)).toSnapshot();

export function describeLinkRepositoryContract(name: string, make: () => Promise<LinkRepositoryFixture>): void {
  describe(`LinkRepository contract: ${name}`, () => {
    let f: LinkRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: (repository: LinkRepository) => Promise<T>) => f.step(() => work(f.repository));
    const page = { limit: 50, offset: 0 };

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('stores a link field for field, found by id within its account and environment, and by slug', async () => {
      const link = newLink(a, 'Promo_1', 0, {
        title: 'Spring sale',
        tags: ['spring', 'sms'],
        expiresAt: new Date(AT + 86_400_000),
        expiredUrl: 'https://shop.example/over',
        passwordHash: 'scrypt$hash',
        utm: { source: 'sms', medium: 'text', campaign: 'spring' },
      });
      expect(await step((r) => r.add(link))).to.equal(true);
      expect(await step((r) => r.find(a, 'live', link.id))).to.deep.equal(link);
      expect(await step((r) => r.findBySlug(null, 'Promo_1'))).to.deep.equal(link);
      expect(await step((r) => r.findBySlug(null, 'promo_1')), 'slugs are case-sensitive').to.equal(undefined);
      expect(await step((r) => r.find(b, 'live', link.id)), "another account's id").to.equal(undefined);
      expect(await step((r) => r.find(a, 'test', link.id)), 'the other environment').to.equal(undefined);
    });

    it('keeps a slug once per domain, whatever the account or environment', async () => {
      expect(await step((r) => r.add(newLink(a, 'taken')))).to.equal(true);
      expect(await step((r) => r.add(newLink(b, 'taken', 1)))).to.equal(false);
      expect(await step((r) => r.add(newLink(a, 'taken', 2, { environment: 'test' })))).to.equal(false);
      const other = newLink(a, 'free', 3);
      await step((r) => r.add(other));
      const renamed = Link.rehydrate(other);
      renamed.change({ slug: 'taken' }, new Date(AT + 9000));
      expect(await step((r) => r.save(renamed.toSnapshot())), 'a change to a taken slug').to.equal(false);
      expect((await step((r) => r.find(a, 'live', other.id)))?.slug).to.equal('free');
    });

    it('saves changes (never the click count), and removes a link of the account only', async () => {
      const link = newLink(a, 'change-me');
      await step((r) => r.add(link));
      const changed = Link.rehydrate(link);
      changed.change({ url: 'https://shop.example/new', title: null, tags: ['x'], passwordHash: null, slug: 'changed' }, new Date(AT + 5000));
      expect(await step((r) => r.save({ ...changed.toSnapshot(), clicks: 99 }))).to.equal(true);
      expect(await step((r) => r.find(a, 'live', link.id))).to.deep.equal(changed.toSnapshot());
      expect(await step((r) => r.remove(b, 'live', link.id))).to.equal(false);
      expect(await step((r) => r.remove(a, 'live', link.id))).to.equal(true);
      expect(await step((r) => r.remove(a, 'live', link.id)), 'twice').to.equal(false);
      expect(await step((r) => r.findBySlug(null, 'changed'))).to.equal(undefined);
    });

    it('lists newest first, paged, by text, campaign and tag, within account and environment', async () => {
      const links = [
        newLink(a, 'one', 1, { title: 'Black Friday', tags: ['sale'] }),
        newLink(a, 'two', 2, { campaignId: f.campaignId, tags: ['sale', 'sms'] }),
        newLink(a, 'three', 3),
        newLink(a, 'four', 4, { environment: 'test' }),
        newLink(b, 'five', 5, { tags: ['sale'] }),
      ];
      for (const link of links) await step((r) => r.add(link));
      const slugs = async (filter: object, environment: LinkEnvironment = 'live') => (await step((r) => r.list(a, environment, { ...page, ...filter }))).map((link) => link.slug);
      expect(await slugs({})).to.deep.equal(['three', 'two', 'one']);
      expect(await slugs({ limit: 1, offset: 1 })).to.deep.equal(['two']);
      expect(await slugs({ q: 'friday' })).to.deep.equal(['one']);
      expect(await slugs({ q: 'shop.example/thr' }), 'in the URL').to.deep.equal(['three']);
      expect(await slugs({ campaignId: f.campaignId })).to.deep.equal(['two']);
      expect(await slugs({ tag: 'sale' })).to.deep.equal(['two', 'one']);
      expect(await slugs({}, 'test')).to.deep.equal(['four']);
      expect(await slugs({ q: '%' }), 'a wildcard is a character').to.deep.equal([]);
    });
  });
}
