import type { Selectable } from 'kysely';
import type { CampaignRepository, CampaignSnapshot, CampaignSummary, LinkEnvironment } from '@tuma/links';
import type { Database } from '../database/database.ts';
import type { LinkCampaignTable } from '../database/tables.ts';

const campaignOf = (row: Selectable<LinkCampaignTable>): CampaignSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment as LinkEnvironment,
  name: row.name,
  color: row.color,
  createdAt: new Date(row.created_at),
});

/** Campaigns in `link_campaign`; a link's campaign_id references one (on delete set null), so removing a campaign clears its links. */
export class MikroOrmCampaignRepository implements CampaignRepository {
  constructor(private readonly database: Database) {}

  async add(c: CampaignSnapshot): Promise<void> {
    await this.database.query
      .insertInto('link_campaign')
      .values({ id: c.id, account_id: c.accountId, environment: c.environment, name: c.name, color: c.color, created_at: c.createdAt })
      .execute();
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<CampaignSnapshot | undefined> {
    const row = await this.database.query.selectFrom('link_campaign').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('environment', '=', environment).executeTakeFirst();
    return row && campaignOf(row);
  }

  async list(accountId: string, environment: LinkEnvironment): Promise<readonly CampaignSummary[]> {
    const rows = await this.database.query
      .selectFrom('link_campaign as c')
      .leftJoin('link as l', 'l.campaign_id', 'c.id')
      .selectAll('c')
      .select((eb) => [eb.fn.count<string>('l.id').as('links'), eb.fn.coalesce(eb.fn.sum<string>('l.clicks'), eb.lit(0)).as('clicks')])
      .where('c.account_id', '=', accountId)
      .where('c.environment', '=', environment)
      .groupBy('c.id')
      .orderBy('c.id', 'desc')
      .execute();
    return rows.map((row) => ({ ...campaignOf(row), links: Number(row.links), clicks: Number(row.clicks) }));
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('link_campaign').where('id', '=', id).where('account_id', '=', accountId).where('environment', '=', environment).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }
}
