import { errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { Campaign, type CampaignSnapshot, type CampaignSummary } from '../../domain/campaigns/campaign.aggregate.ts';
import type { LinkEnvironment } from '../../domain/links/link.aggregate.ts';
import type { CampaignRepository } from './campaign.repository.port.ts';

interface Owner {
  readonly accountId: string;
  readonly environment: LinkEnvironment;
}

/** Creates a campaign of the account (name and colour checked at the edge: 1-120 and up to 16 characters). */
export class CreateCampaign {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: Owner & { readonly name: string; readonly color: string | null }): ResultAsync<CampaignSnapshot, never> {
    const campaign = Campaign.create(input, this.clock.now()).toSnapshot();
    return ResultAsync.fromSafePromise(this.campaigns.add(campaign)).map(() => campaign);
  }
}

/** The account's campaigns with their links and clicks, newest first. */
export class ListCampaigns {
  constructor(private readonly campaigns: CampaignRepository) {}

  execute(input: Owner): ResultAsync<readonly CampaignSummary[], never> {
    return ResultAsync.fromSafePromise(this.campaigns.list(input.accountId, input.environment));
  }
}

/** Deletes a campaign of the account: its links stay, their campaign_id cleared. */
export class DeleteCampaign {
  constructor(private readonly campaigns: CampaignRepository) {}

  execute(input: Owner & { readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.campaigns.remove(input.accountId, input.environment, input.id)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(notFound('campaign', input.id))));
  }
}
