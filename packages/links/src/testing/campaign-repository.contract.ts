/** The contract suite of the campaigns' store (with the links it counts and clears). */
import { expect } from 'chai';
import type { CampaignRepository } from '../application/campaigns/campaign.repository.port.ts';
import type { ClickStore } from '../application/clicks/click-store.port.ts';
import type { LinkRepository } from '../application/links/link.repository.port.ts';
import { Campaign, type CampaignSnapshot } from '../domain/campaigns/campaign.aggregate.ts';
import { newLink } from './link-repository.contract.ts';

export interface CampaignRepositoryFixture {
  /** An empty store. */
  readonly repository: CampaignRepository;
  /** The links' store it counts and clears, and a click store raising their counts. */
  readonly links: LinkRepository;
  readonly clicks: ClickStore;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = Date.UTC(2026, 10, 25, 8, 0, 0, 123);
const made = (accountId: string, n: number, changes: Partial<CampaignSnapshot> = {}): CampaignSnapshot =>
  Campaign.create({ accountId, environment: 'live', name: `Campaign ${n}`, color: '#FF8800', ...changes }, new Date(AT + n * 1000)).toSnapshot();

export function describeCampaignRepositoryContract(name: string, make: () => Promise<CampaignRepositoryFixture>): void {
  describe(`CampaignRepository contract: ${name}`, () => {
    let f: CampaignRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: () => Promise<T>) => f.step(work);

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('stores a campaign, found within its account and environment only', async () => {
      const campaign = made(a, 1, { color: null });
      await step(() => f.repository.add(campaign));
      expect(await step(() => f.repository.find(a, 'live', campaign.id))).to.deep.equal(campaign);
      expect(await step(() => f.repository.find(b, 'live', campaign.id))).to.equal(undefined);
      expect(await step(() => f.repository.find(a, 'test', campaign.id))).to.equal(undefined);
    });

    it('lists newest first with the count of its links and their clicks; removing it keeps the links, campaign_id cleared', async () => {
      const spring = made(a, 1);
      const autumn = made(a, 2);
      for (const campaign of [spring, autumn, made(b, 3)]) await step(() => f.repository.add(campaign));
      const one = newLink(a, 'camp-1', 1, { campaignId: spring.id });
      const two = newLink(a, 'camp-2', 2, { campaignId: spring.id });
      for (const link of [one, two, newLink(a, 'camp-3', 3)]) await step(() => f.links.add(link));
      const click = { at: new Date(AT), country: null, device: null, browser: null, referrer: 'direct', bot: false, visitor: 'v' };
      await step(() => f.clicks.append([{ ...click, linkId: one.id }, { ...click, linkId: one.id }, { ...click, linkId: two.id }]));

      const listed = await step(() => f.repository.list(a, 'live'));
      expect(listed.map((c) => [c.id, c.links, c.clicks])).to.deep.equal([
        [autumn.id, 0, 0],
        [spring.id, 2, 3],
      ]);
      expect(listed[1]).to.deep.include(spring);

      expect(await step(() => f.repository.remove(b, 'live', spring.id))).to.equal(false);
      expect(await step(() => f.repository.remove(a, 'live', spring.id))).to.equal(true);
      expect(await step(() => f.repository.remove(a, 'live', spring.id)), 'twice').to.equal(false);
      expect((await step(() => f.links.find(a, 'live', one.id)))?.campaignId, 'the link stays, without its campaign').to.equal(null);
    });
  });
}
