import { ResultAsync, type Clock } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import { Campaign, type CampaignSnapshot } from '../../domain/campaigns/campaign.aggregate.ts';
import type { CampaignRepository } from './campaign.repository.port.ts';

/** Creates a campaign of the account (name and colour checked at the edge: 1-120 and up to 16 characters). */
export class CreateCampaign {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: LinkOwner & { readonly name: string; readonly color: string | null }): ResultAsync<CampaignSnapshot, never> {
    const campaign = Campaign.create(input, this.clock.now()).toSnapshot();
    return ResultAsync.fromSafePromise(this.campaigns.add(campaign)).map(() => campaign);
  }
}
