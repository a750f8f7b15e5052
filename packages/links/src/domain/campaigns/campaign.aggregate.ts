import { newId } from '@tuma/kernel';
import type { LinkEnvironment } from '../links/link.aggregate.ts';

/** The spec's limits: a name of up to 120 characters, a colour of up to 16. */
export const CAMPAIGN_LIMITS = { name: 120, color: 16 } as const;

export interface CampaignSnapshot {
  readonly id: string;
  readonly accountId: string;
  readonly environment: LinkEnvironment;
  readonly name: string;
  /** A hex colour for the dashboard, or null. */
  readonly color: string | null;
  readonly createdAt: Date;
}

/** A campaign with what its links add up to (the list's view). */
export interface CampaignSummary extends CampaignSnapshot {
  readonly links: number;
  readonly clicks: number;
}

/** A group of links (docs/links.md, "Campaigns"): deleting it keeps its links, their campaign_id cleared. */
export class Campaign {
  private constructor(private readonly state: CampaignSnapshot) {}

  static create(input: Omit<CampaignSnapshot, 'id' | 'createdAt'>, now: Date): Campaign {
    return new Campaign({ ...input, id: newId('cmp', now), createdAt: now });
  }

  toSnapshot(): CampaignSnapshot {
    return this.state;
  }
}
