/** The contract suite of the branded domains' store (with the links on them, removed with them). */
import { expect } from 'chai';
import type { BrandedDomainRepository } from '../application/domains/branded-domain.repository.port.ts';
import type { LinkRepository } from '../application/links/link.repository.port.ts';
import { BrandedDomain, type BrandedDomainSnapshot } from '../domain/domains/branded-domain.aggregate.ts';
import { newLink } from './link-repository.contract.ts';

export interface BrandedDomainRepositoryFixture {
  /** An empty store. */
  readonly repository: BrandedDomainRepository;
  /** The links' store whose links on a domain go with it. */
  readonly links: LinkRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = Date.UTC(2026, 10, 25, 8, 0, 0, 123);
const made = (accountId: string, hostname: string, n: number): BrandedDomainSnapshot => BrandedDomain.create({ accountId, hostname }, new Date(AT + n * 1000)).toSnapshot();
const verified = (domain: BrandedDomainSnapshot, tlsReady = false): BrandedDomainSnapshot => {
  const changed = BrandedDomain.rehydrate(domain);
  changed.verify(new Date(AT + 60_000));
  changed.tls(tlsReady);
  return changed.toSnapshot();
};

export function describeBrandedDomainRepositoryContract(name: string, make: () => Promise<BrandedDomainRepositoryFixture>): void {
  describe(`BrandedDomainRepository contract: ${name}`, () => {
    let f: BrandedDomainRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: () => Promise<T>) => f.step(work);

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('stores a domain found in its account only, lists oldest first, and holds a hostname once across accounts', async () => {
      const go = made(a, 'go.acme.example', 1);
      const links = made(a, 'links.acme.example', 2);
      expect(await step(() => f.repository.add(go))).to.equal(true);
      expect(await step(() => f.repository.add(links))).to.equal(true);
      expect(await step(() => f.repository.add(made(b, 'go.acme.example', 3))), 'another account').to.equal(false);
      expect(await step(() => f.repository.add(made(a, 'go.acme.example', 4))), 'the same account').to.equal(false);
      expect(await step(() => f.repository.find(a, go.id))).to.deep.equal(go);
      expect(await step(() => f.repository.find(b, go.id))).to.equal(undefined);
      expect((await step(() => f.repository.list(a))).map((d) => d.hostname)).to.deep.equal(['go.acme.example', 'links.acme.example']);
      expect(await step(() => f.repository.list(b))).to.deep.equal([]);
    });

    it('knows the verified domains both ways, pending ones not, at once after a save', async () => {
      const go = made(a, 'go.acme.example', 1);
      const pending = made(b, 'pending.example', 2);
      await step(() => f.repository.add(go));
      await step(() => f.repository.add(pending));
      expect((await step(() => f.repository.verifiedHosts())).byHostname.size).to.equal(0);
      const done = verified(go, true);
      await step(() => f.repository.save(done));
      expect(await step(() => f.repository.find(a, go.id))).to.deep.equal(done);
      const hosts = await step(() => f.repository.verifiedHosts());
      expect([...hosts.byHostname]).to.deep.equal([['go.acme.example', go.id]]);
      expect([...hosts.byId]).to.deep.equal([[go.id, 'go.acme.example']]);
    });

    it('removes a domain of the account only, with the links on it; links elsewhere stay', async () => {
      const go = verified(made(a, 'go.acme.example', 1));
      await step(() => f.repository.add(go));
      const onDomain = newLink(a, 'promo', 1, {});
      const branded = { ...onDomain, domainId: go.id };
      const onDefault = newLink(a, 'promo', 2);
      await step(() => f.links.add(branded));
      await step(() => f.links.add(onDefault));
      expect(await step(() => f.links.findBySlug(go.id, 'promo'))).to.deep.include({ id: branded.id });
      expect(await step(() => f.repository.remove(b, go.id))).to.equal(false);
      expect(await step(() => f.repository.remove(a, go.id))).to.equal(true);
      expect(await step(() => f.repository.remove(a, go.id)), 'twice').to.equal(false);
      expect(await step(() => f.repository.find(a, go.id))).to.equal(undefined);
      expect(await step(() => f.links.find(a, 'live', branded.id)), 'its link went with it').to.equal(undefined);
      expect(await step(() => f.links.findBySlug(go.id, 'promo'))).to.equal(undefined);
      expect(await step(() => f.links.find(a, 'live', onDefault.id))).to.deep.include({ id: onDefault.id });
      expect((await step(() => f.repository.verifiedHosts())).byHostname.size).to.equal(0);
    });
  });
}
