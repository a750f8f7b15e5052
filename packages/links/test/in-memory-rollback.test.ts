import { expect } from 'chai';
import { rolledBack } from '@tuma/kernel/testing';
import { BrandedDomain } from '../src/index.ts';
import { newLink } from '../src/testing/contracts.ts';
import { InMemoryApiRequestCounts, InMemoryBrandedDomainRepository, InMemoryClicks, InMemoryLinkRepository } from '../src/testing/index.ts';

describe('the in-memory links stores roll back with the unit of work', () => {
  it('leave links, clicks, click counts, request counts and domains as they were when the unit of work fails', async () => {
    const links = new InMemoryLinkRepository();
    const clicks = new InMemoryClicks(links);
    const counts = new InMemoryApiRequestCounts();
    const domains = new InMemoryBrandedDomainRepository(links);
    const kept = newLink('acc_a', 'kept');
    await links.add(kept);
    await counts.add('2026-11', new Map([['acc_a', 2]]));
    await rolledBack(async () => {
      await links.add(newLink('acc_a', 'added', 1));
      await links.save({ ...kept, url: 'https://elsewhere.example/' });
      await clicks.append([{ linkId: kept.id, at: new Date(), country: 'KE', device: 'mobile', browser: 'Chrome', referrer: 'direct', bot: false, visitor: 'v1' }]);
      await counts.add('2026-11', new Map([['acc_a', 5]]));
      await domains.add(BrandedDomain.create({ accountId: 'acc_a', hostname: 'go.shop.example' }, new Date()).toSnapshot());
      await links.remove('acc_a', 'live', kept.id);
    });
    expect(await links.list('acc_a', 'live', { limit: 10, offset: 0 })).to.deep.equal([kept]);
    expect(clicks.clicks).to.deep.equal([]);
    expect(await counts.countOf('2026-11', 'acc_a')).to.equal(2);
    expect(await domains.list('acc_a')).to.deep.equal([]);
  });
});
