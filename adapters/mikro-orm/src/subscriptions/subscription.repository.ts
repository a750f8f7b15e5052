import type { Product, SubscriptionRepository, SubscriptionSnapshot } from '@tuma/subscriptions';
import type { Database } from '../database/database.ts';
import { INSERT_COLUMNS, SUBSCRIPTION_COLUMNS, subscriptionFromRow, subscriptionValues, type SubscriptionRow } from './subscription-rows.ts';

const PLACEHOLDERS = INSERT_COLUMNS.split(',').map(() => '?').join(', ');

// A second active subscription of a product meets the partial unique index: nothing is written.
const ADD = `insert into subscription (${INSERT_COLUMNS}) values (${PLACEHOLDERS})
  on conflict (account_id, product) where status = 'active' do nothing returning id`;

const SAVE = `update subscription set tier = ?, status = ?, current_period_start = ?::timestamptz, current_period_end = ?::timestamptz,
  cancel_at_period_end = ?, pending_tier = ?, ended_at = ?::timestamptz, end_reason = ?, updated_at = ?::timestamptz where id = ? returning id`;

/** Subscriptions in `subscription`: one statement per read and write. */
export class MikroOrmSubscriptionRepository implements SubscriptionRepository {
  constructor(private readonly database: Database) {}

  async add(subscription: SubscriptionSnapshot): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>(ADD, subscriptionValues(subscription))).length === 1;
  }

  async save(s: SubscriptionSnapshot): Promise<void> {
    const values = [s.tier, s.status, s.currentPeriodStart.toISOString(), s.currentPeriodEnd.toISOString(), s.cancelAtPeriodEnd, s.pendingTier, s.endedAt?.toISOString() ?? null, s.endReason, s.updatedAt.toISOString(), s.id];
    const saved = await this.database.em.execute<{ id: string }[]>(SAVE, values);
    if (saved.length !== 1) throw new Error(`Subscription ${s.id} was never added`);
  }

  async findActive(accountId: string, product: Product): Promise<SubscriptionSnapshot | undefined> {
    return (await this.rows(`select ${SUBSCRIPTION_COLUMNS} from subscription s where s.account_id = ? and s.product = ? and s.status = 'active'`, [accountId, product]))[0];
  }

  list(accountId: string): Promise<readonly SubscriptionSnapshot[]> {
    return this.rows(`select ${SUBSCRIPTION_COLUMNS} from subscription s where s.account_id = ? order by s.created_at desc, s.id desc`, [accountId]);
  }

  async lock(id: string): Promise<SubscriptionSnapshot | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a subscription needs a unit of work');
    return (await this.rows(`select ${SUBSCRIPTION_COLUMNS} from subscription s where s.id = ? for update`, [id]))[0];
  }

  async dueIds(now: Date, after: string | null, limit: number): Promise<readonly string[]> {
    // Byte order (collate "C"), as ids compare everywhere else.
    const rows = await this.database.em.execute<{ id: string }[]>(
      `select id from subscription where status = 'active' and current_period_end <= ?::timestamptz and (?::text is null or id collate "C" > ?) order by id collate "C" limit ?`,
      [now.toISOString(), after, after, limit],
    );
    return rows.map((row) => row.id);
  }

  private async rows(sql: string, values: unknown[]): Promise<SubscriptionSnapshot[]> {
    return (await this.database.em.execute<SubscriptionRow[]>(sql, values)).map(subscriptionFromRow);
  }
}
