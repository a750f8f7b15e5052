import type { CampaignSnapshot, CampaignSummary } from '../../domain/campaigns/campaign.aggregate.ts';
import type { LinkEnvironment } from '../../domain/links/link.aggregate.ts';

/** The campaigns' store, per account and environment. Removing a campaign clears its links' campaign_id (the links stay). */
export interface CampaignRepository {
  add(campaign: CampaignSnapshot): Promise<void>;
  find(accountId: string, environment: LinkEnvironment, id: string): Promise<CampaignSnapshot | undefined>;
  /** Newest first, each with its links' count and their clicks summed. */
  list(accountId: string, environment: LinkEnvironment): Promise<readonly CampaignSummary[]>;
  remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean>;
}
