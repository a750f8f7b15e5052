import { UndoableMap } from '@tuma/kernel/testing';
import type { CampaignRepository } from '../application/campaigns/campaign.repository.port.ts';
import type { LinkRepository } from '../application/links/link.repository.port.ts';
import type { CampaignSnapshot, CampaignSummary } from '../domain/campaigns/campaign.aggregate.ts';
import { Link, type LinkEnvironment } from '../domain/links/link.aggregate.ts';

/** Campaigns in a map; their links' counts and the clearing of campaign_id go through the links' fake. */
export class InMemoryCampaignRepository implements CampaignRepository {
  private readonly campaigns = new UndoableMap<string, CampaignSnapshot>();

  constructor(private readonly links: LinkRepository) {}

  async add(campaign: CampaignSnapshot): Promise<void> {
    this.campaigns.set(campaign.id, campaign);
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<CampaignSnapshot | undefined> {
    const campaign = this.campaigns.get(id);
    return campaign && campaign.accountId === accountId && campaign.environment === environment ? campaign : undefined;
  }

  async list(accountId: string, environment: LinkEnvironment): Promise<readonly CampaignSummary[]> {
    const mine = [...this.campaigns.values()].filter((c) => c.accountId === accountId && c.environment === environment).sort((a, b) => (a.id < b.id ? 1 : -1));
    return Promise.all(
      mine.map(async (campaign) => {
        const links = await this.linksOf(campaign);
        return { ...campaign, links: links.length, clicks: links.reduce((sum, link) => sum + link.clicks, 0) };
      }),
    );
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    const campaign = await this.find(accountId, environment, id);
    if (!campaign) return false;
    for (const link of await this.linksOf(campaign)) {
      const cleared = Link.rehydrate(link);
      cleared.change({ campaignId: null }, link.updatedAt);
      await this.links.save(cleared.toSnapshot());
    }
    return this.campaigns.delete(id);
  }

  private linksOf(campaign: CampaignSnapshot) {
    return this.links.list(campaign.accountId, campaign.environment, { limit: Number.MAX_SAFE_INTEGER, offset: 0, campaignId: campaign.id });
  }
}
