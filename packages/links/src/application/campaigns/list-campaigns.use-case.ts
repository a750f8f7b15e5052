import { ResultAsync } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import { type CampaignSummary } from '../../domain/campaigns/campaign.aggregate.ts';
import type { CampaignRepository } from './campaign.repository.port.ts';

/** The account's campaigns with their links and clicks, newest first. */
export class ListCampaigns {
  constructor(private readonly campaigns: CampaignRepository) {}

  execute(input: LinkOwner): ResultAsync<readonly CampaignSummary[], never> {
    return ResultAsync.fromSafePromise(this.campaigns.list(input.accountId, input.environment));
  }
}
