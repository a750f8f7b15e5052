import type { CampaignRepository, CampaignSnapshot, CampaignSummary, LinkEnvironment } from '@tuma/links';
import type { Database } from '../database/database.ts';

interface CampaignRow {
  readonly id: string;
  readonly account_id: string;
  readonly environment: LinkEnvironment;
  readonly name: string;
  readonly color: string | null;
  readonly created_at: string;
}

const COLUMNS = 'c.id, c.account_id, c.environment, c.name, c.color, c.created_at::text as created_at';

const fromRow = (row: CampaignRow): CampaignSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment,
  name: row.name,
  color: row.color,
  createdAt: new Date(row.created_at),
});

/** Campaigns in `link_campaign`; a link's campaign_id references one (on delete set null), so removing a campaign clears its links. */
export class MikroOrmCampaignRepository implements CampaignRepository {
  constructor(private readonly database: Database) {}

  async add(c: CampaignSnapshot): Promise<void> {
    await this.database.em.execute(
      'insert into link_campaign (id, account_id, environment, name, color, created_at) values (?, ?, ?, ?, ?, ?::timestamptz)',
      [c.id, c.accountId, c.environment, c.name, c.color, c.createdAt.toISOString()],
      'run',
    );
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<CampaignSnapshot | undefined> {
    const rows = await this.database.em.execute<CampaignRow[]>(`select ${COLUMNS} from link_campaign c where c.id = ? and c.account_id = ? and c.environment = ?`, [id, accountId, environment]);
    return rows[0] && fromRow(rows[0]);
  }

  async list(accountId: string, environment: LinkEnvironment): Promise<readonly CampaignSummary[]> {
    const rows = await this.database.em.execute<(CampaignRow & { links: string; clicks: string })[]>(
      `select ${COLUMNS}, count(l.id)::text as links, coalesce(sum(l.clicks), 0)::text as clicks
        from link_campaign c left join link l on l.campaign_id = c.id
        where c.account_id = ? and c.environment = ? group by c.id order by c.id desc`,
      [accountId, environment],
    );
    return rows.map((row) => ({ ...fromRow(row), links: Number(row.links), clicks: Number(row.clicks) }));
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from link_campaign where id = ? and account_id = ? and environment = ? returning id', [id, accountId, environment])).length === 1;
  }
}
