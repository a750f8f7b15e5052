import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import type { CampaignRepository } from './campaign.repository.port.ts';

/** Deletes a campaign of the account: its links stay, their campaign_id cleared. */
export class DeleteCampaign {
  constructor(private readonly campaigns: CampaignRepository) {}

  execute(input: LinkOwner & { readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.campaigns.remove(input.accountId, input.environment, input.id)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(notFound('campaign', input.id))));
  }
}
